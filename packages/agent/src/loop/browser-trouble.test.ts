import type { BrowserContext } from "playwright-core";
import { describe, expect } from "vitest";
import { agentTest } from "../testing/agent-test.ts";
import { done } from "../testing/turns.ts";
import { indexOf, latestState, type Harness } from "../testing/harness.ts";

const it = agentTest;

describe("runAgent: browser trouble", () => {
  it("reopens a tab that crashed and tells the model", async ({ agent: h }) => {
    let context: BrowserContext | undefined;
    h.model.enqueue({ toolCalls: [{ name: "wait", arguments: { seconds: 0 } }] }, done({ success: true, text: "still here" }));
    const { result } = await h.run({
      task: { prompt: "x", initialUrl: `${h.sites.url}/shop` },
      contextSetup: async (c) => {
        context = c;
      },
      onEvent: async (event) => {
        const page = context?.pages()[0];
        if (event.type !== "step" || event.step.number !== 1 || !page) return;
        const crashed = new Promise((resolve) => page.once("crash", resolve));
        void (await context!.newCDPSession(page)).send("Page.crash").catch(() => {});
        await crashed;
      },
    });
    expect(result).toMatchObject({ status: "success", result: "still here" });
    expect(latestState(h.model.chatRequests()[1]!)).toContain(`The tab crashed and was reopened at ${h.sites.url}/shop.`);
    expect(latestState(h.model.chatRequests()[1]!)).toContain("Aurora Desk Lamp");
  });

  it("ends with status error when the browser goes away", async ({ agent: h }) => {
    const { result } = await waitingRun(h, (context) => context.close());
    expect(result.status).toBe("error");
    expect(result.reason).toMatch(/^The browser closed unexpectedly/);
    expect(result.failureKind).toBe("internal");
  });

  it("ends with status error and the kind page_error when the tab keeps crashing", async ({ agent: h }) => {
    const { result } = await waitingRun(h, async (context) => {
      const page = context.pages().at(-1);
      if (!page) return;
      const crashed = new Promise((resolve) => page.once("crash", resolve));
      void (await context.newCDPSession(page)).send("Page.crash").catch(() => {});
      await crashed;
    });
    expect(result).toMatchObject({ status: "error", reason: "The browser tab kept crashing.", failureKind: "page_error" });
  });

  it("dismisses dialogs and tells the model what they said", async ({ agent: h }) => {
    h.model.setResponder((req, i) =>
      i === 0 ? { toolCalls: [{ name: "click", arguments: { index: indexOf(req, "Delete") } }] } : done({ success: true, text: "ok" }),
    );
    await h.run({
      task: { prompt: "x" },
      contextSetup: async (context) => {
        const page = await context.newPage();
        await page.setContent(`<button onclick="document.body.dataset.answer = String(confirm('Delete everything?'))">Delete</button>`);
      },
    });
    expect(latestState(h.model.chatRequests()[1]!)).toContain('The page showed a confirm dialog: "Delete everything?". It was dismissed.');
  });
});

/** A run whose model only waits, with `atStep` called on the browser's context after each step. */
function waitingRun(h: Harness, atStep: (context: BrowserContext) => Promise<void>) {
  let context: BrowserContext | undefined;
  h.model.setResponder(() => ({ toolCalls: [{ name: "wait", arguments: { seconds: 0 } }] }));
  return h.run({
    task: { prompt: "x", initialUrl: `${h.sites.url}/shop` },
    contextSetup: async (c) => {
      context = c;
    },
    onEvent: async (event) => {
      if (event.type === "step" && context) await atStep(context);
    },
  });
}
