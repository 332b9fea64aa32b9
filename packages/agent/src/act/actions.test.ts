import { describe, expect, vi } from "vitest";
import { agentTest } from "../testing/agent-test.ts";
import { act, answer } from "../testing/turns.ts";
import type { Move } from "../testing/turns.ts";
import { indexOf, latestState, toolResults } from "../testing/harness.ts";
import type { Harness } from "../testing/harness.ts";

// A bound for a run that hangs, not a speed check: npm test runs these beside its heaviest
// files, where a run of several steps took more than 15 s.
vi.setConfig({ testTimeout: 60_000 });
const SESSION_MS = 45_000;

const it = agentTest;
let h: Harness;
it.beforeAll(({ agent }) => {
  h = agent;
});

/** Each step's tool calls, decided from the state the model is shown; then done with what the last state shows. */
function script(...moves: Move[]) {
  h.model.setResponder((req, i) => moves[i]?.(req) ?? answer(latestState(req)));
}
async function runOn(path: string, ...moves: Move[]) {
  script(...moves);
  const out = await h.run({ task: { prompt: "Use the page", initialUrl: `${h.sites.url}${path}` }, limits: { timeoutMs: SESSION_MS } });
  expect(out.result.status, out.result.reason ?? "").toBe("success");
  return { ...out, final: out.result.result ?? "", results: toolResults(h.model.chatRequests().at(-1)!) };
}

describe("actions", () => {
  it("types and clicks inside same-origin, nested and cross-origin iframes", async () => {
    const { final } = await runOn(
      "/frames",
      (req) => ({
        toolCalls: [
          { name: "type", arguments: { index: indexOf(req, /^<input[^>]*>$/), text: "alpha" } },
          { name: "click", arguments: { index: indexOf(req, "Confirm same-origin") } },
        ],
      }),
      (req) => {
        const inputs = [...latestState(req).matchAll(/\[(\d+)\]<input[^>]*placeholder="Type here">/g)].map((m) => Number(m[1]));
        return {
          toolCalls: [
            { name: "type", arguments: { index: inputs[1], text: "beta" } },
            { name: "click", arguments: { index: indexOf(req, "Confirm nested") } },
            { name: "type", arguments: { index: inputs[2], text: "gamma" } },
            { name: "click", arguments: { index: indexOf(req, "Confirm cross-origin") } },
          ],
        };
      },
    );
    expect(final).toContain("Same-origin confirmed: alpha");
    expect(final).toContain("Nested confirmed: beta");
    expect(final).toContain("Cross-origin confirmed: gamma");
  });

  it("acts inside open shadow roots", async () => {
    const { final } = await runOn("/shadow", (req) => ({
      toolCalls: [
        { name: "type", arguments: { index: indexOf(req, "Type inside the shadow root"), text: "deep" } },
        { name: "click", arguments: { index: indexOf(req, "Shadow submit") } },
        { name: "click", arguments: { index: indexOf(req, "Nested shadow button") } },
      ],
    }));
    expect(final).toContain("Shadow submitted: deep");
    expect(final).toContain("Nested shadow clicked");
  });

  it("selects options in a native select and in a custom dropdown", async () => {
    const { final, results } = await runOn("/dropdown", (req) => ({
      toolCalls: [
        { name: "select_option", arguments: { index: indexOf(req, "<select"), option: "cherry" } },
        { name: "select_option", arguments: { index: indexOf(req, "role=combobox"), option: "Dublin" } },
      ],
    }));
    expect(final).toContain("Selected: Cherry");
    expect(final).toContain("Selected: Dublin");
    expect(results.join("\n")).toContain('Selected "Dublin"');
  });

  it("explains which options exist when the wanted one is missing", async () => {
    script((req) => act("select_option", { index: indexOf(req, "role=combobox"), option: "Paris" }));
    await h.run({ task: { prompt: "x", initialUrl: `${h.sites.url}/dropdown` } });
    expect(toolResults(h.model.chatRequests()[1]!)[0]).toMatch(/found no option "Paris". Options visible: "Amsterdam", "Berlin"/);
  });

  it("picks a day in a custom date picker and types into a native date input", async () => {
    const { final } = await runOn(
      "/datepicker",
      (req) => act("click", { index: indexOf(req, "placeholder=YYYY-MM-DD") }),
      (req) => {
        expect(latestState(req)).toContain("March 2026");
        return act("click", { index: indexOf(req, /^<button>15<\/button>/) });
      },
      (req) => act("type", { index: indexOf(req, "type=date"), text: "2026-04-02" }),
    );
    expect(final).toContain("Date chosen: 2026-03-15");
    expect(final).toContain("Native date chosen: 2026-04-02");
  });

  it("follows a link that opens a new tab, and switches, lists and closes tabs", async () => {
    const { final, steps } = await runOn(
      "/new-tab",
      (req) => act("click", { index: indexOf(req, "Open the target in a new tab") }),
      (req) => {
        expect(latestState(req)).toMatch(/Tabs: 0 "New tab" .* \| 1 \(current\) "New tab target"/);
        return act("switch_tab", { tab: 0 });
      },
      (req) => act("click", { index: indexOf(req, "Open with window.open") }),
      () => act("close_tab", { tab: 1 }),
      () => act("open_tab", { url: `${h.sites.url}/new-tab/target?via=script` }),
    );
    expect(steps[0]?.extractedContent).toMatch(/It opened a new tab \(tab 1, .*\/new-tab\/target\); you are now on that tab\./);
    expect(steps[2]?.extractedContent).toMatch(/It opened a new tab \(tab 2, .*via=script\)/);
    expect(steps[3]?.extractedContent).toMatch(/^Closed tab 1; now on tab 1/);
    expect(final).toContain("Opened via window.open.");
  });

  it("opens a hover-only menu and clicks its item", async () => {
    const { final } = await runOn(
      "/hover-menu",
      (req) => act("hover", { index: indexOf(req, "Account") }),
      (req) => act("click", { index: indexOf(req, "Secret settings") }),
    );
    expect(final).toContain("You found the secret settings.");
  });

  it("scrolls an infinite list until more items load", async () => {
    h.model.setResponder((req, i) =>
      latestState(req).includes("Item 25") || i > 8 ? answer(latestState(req)) : act("scroll", { direction: "down", pages: 3 }),
    );
    const { result, steps } = await h.run({ task: { prompt: "Find item 25", initialUrl: `${h.sites.url}/infinite` } });
    expect(result.result).toContain("Item 25");
    expect(steps.length).toBeLessThanOrEqual(5);
    expect(steps[0]?.extractedContent).toMatch(/More content loaded at the bottom\./);
  });

  it("types with Enter, goes back, presses keys and waits", async () => {
    const { steps } = await runOn(
      "/shop",
      (req) => act("type", { index: indexOf(req, 'placeholder="Search products"'), text: "lamp", press_enter: true }),
      () => act("go_back", {}),
      () => act("press_keys", { keys: "Tab Tab" }),
      () => act("wait", { seconds: 0.1 }),
      () => act("navigate", { url: `${h.sites.url}/shop/product/1001` }),
    );
    expect(steps[1]?.url).toContain("/shop?q=lamp");
    expect(steps[2]?.url).toBe(`${h.sites.url}/shop`);
    expect(steps.map((s) => s.actions[0]?.ok)).toEqual([true, true, true, true, true, true]);
    expect(steps[5]?.title).toBe("Aurora Desk Lamp - Shop");
  });

  it("reports clear errors: an unknown index, a tab that does not exist, a URL scheme", async () => {
    script(
      (req) => act("click", { index: indexOf(req, "VISIBLE-1") + 100 }),
      () => act("switch_tab", { tab: 4 }),
      () => act("navigate", { url: "javascript:alert(1)" }),
    );
    await h.run({ task: { prompt: "x", initialUrl: `${h.sites.url}/hidden` }, limits: { maxConsecutiveFailures: 5 } });
    const results = toolResults(h.model.chatRequests()[3]!);
    expect(results[0]).toMatch(/^There is no element \[\d+\] on the current page/);
    expect(results[1]).toMatch(/^There is no tab 4; open tabs are 0 to 0\.\n\[Page now: /);
    expect(results[2]).toMatch(/^Only http and https URLs can be opened, not javascript:\n\[Page now: "Hidden elements"/);
  });
});
