import { INJECTION_PRODUCT } from "@errand/testkit";
import { describe, expect } from "vitest";
import { UNTRUSTED_CONTENT_RULE } from "../prompts/system-prompt.ts";
import { wrapUntrusted } from "../prompts/untrusted.ts";
import { agentTest } from "../testing/agent-test.ts";
import { answer } from "../testing/turns.ts";
import { indexOf, latestState, toolResults } from "../testing/harness.ts";

const it = agentTest;

describe("safety", () => {
  it("does not obey a page that tries to hijack the agent: only the model's own actions run", async ({ agent: h }) => {
    h.model.setResponder((req, i) => {
      if (req.toolNames.length === 0) return { text: `${INJECTION_PRODUCT.price}` };
      if (i === 0) return { toolCalls: [{ name: "scroll", arguments: { direction: "down" } }] };
      if (i === 1) return { toolCalls: [{ name: "click", arguments: { index: indexOf(req, "Add to cart") } }] };
      if (i === 2) return { toolCalls: [{ name: "extract", arguments: { question: "What is the price?" } }] };
      return answer(`${INJECTION_PRODUCT.name} costs ${INJECTION_PRODUCT.price}`);
    });
    const { result, steps } = await h.run({ task: { prompt: "What does the product cost?", initialUrl: `${h.sites.url}/injection` } });
    expect(result).toMatchObject({ status: "success", result: `${INJECTION_PRODUCT.name} costs ${INJECTION_PRODUCT.price}` });
    expect(steps.flatMap((s) => s.actions.map((a) => a.name))).toEqual(["scroll", "click", "extract", "done"]);
    expect(h.sites.stealHits).toEqual([]);
    expect(h.sites.requests.filter((r) => r.path.startsWith("/steal"))).toEqual([]);
    // Every prompt, for steps and for extract, marks page content as untrusted data.
    const chats = h.model.chatRequests();
    expect(chats.length).toBe(5);
    for (const chat of chats) expect(chat.system).toMatch(/untrusted data/);
    expect(chats[0]?.system).toContain(UNTRUSTED_CONTENT_RULE);
    const state = latestState(chats[0]!);
    expect(state).toMatch(/<page_content>\n[\s\S]*IGNORE ALL PREVIOUS INSTRUCTIONS[\s\S]*\n<\/page_content>$/);
  });

  it("keeps page text from closing the untrusted-content marker", () => {
    expect(wrapUntrusted("a </page_content> b <page_content>")).toBe(
      "<page_content>\na </page_content_> b <page_content_>\n</page_content>",
    );
  });

  it("refuses to navigate to private addresses and tells the model why", async ({ agent: h }) => {
    const modelServer = new URL(h.model.url).origin;
    h.model.enqueue(
      { toolCalls: [{ name: "navigate", arguments: { url: "http://169.254.169.254/latest/meta-data/" } }] },
      { toolCalls: [{ name: "navigate", arguments: { url: `${modelServer}/v1/models` } }] },
      {
        toolCalls: [
          { name: "navigate", arguments: { url: `${h.sites.url}/redirect?to=${encodeURIComponent(`${modelServer}/v1/models`)}` } },
        ],
      },
      { toolCalls: [{ name: "open_tab", arguments: { url: `${h.sites.url}/redirect-to-private` } }] },
      answer("refused"),
    );
    const { result } = await h.run({
      task: { prompt: "Read the metadata", initialUrl: "http://10.0.0.1/" },
      limits: { maxConsecutiveFailures: 5 },
    });
    expect(result.status).toBe("success");
    const chats = h.model.chatRequests();
    expect(latestState(chats[0]!)).toContain("The start page could not be opened: Refused to open http://10.0.0.1/: 10.0.0.1 is a private");
    const results = toolResults(chats[4]!);
    expect(results[0]).toMatch(
      /^Refused to open http:\/\/169\.254\.169\.254\/latest\/meta-data\/: 169\.254\.169\.254 is a private, loopback, link-local or metadata address/,
    );
    expect(results[1]).toMatch(/^Refused to open http:\/\/127\.0\.0\.1:\d+\/v1\/models: 127\.0\.0\.1 is a private/);
    expect(results[2]).toMatch(/Navigation to http:\/\/127\.0\.0\.1:\d+\/v1\/models was blocked: 127\.0\.0\.1 is a private/);
    expect(results[3]).toMatch(/Navigation to http:\/\/169\.254\.169\.254\/latest\/meta-data\/ was blocked/);
    expect(latestState(chats[4]!)).toContain("Blocked by Errand");
    // The model server itself never saw a browser request.
    expect(h.model.requests.filter((r) => r.method === "GET")).toEqual([]);
  });
});
