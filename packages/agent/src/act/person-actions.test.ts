import type { ChatRequest } from "@errand/testkit";
import { describe, expect } from "vitest";
import { agentTest } from "../testing/agent-test.ts";
import { act, answer, call } from "../testing/turns.ts";
import type { Move } from "../testing/turns.ts";
import { indexOf, latestState, toolResults } from "../testing/harness.ts";
import type { Harness } from "../testing/harness.ts";

// The tools that do what a person does with a mouse and keyboard: each proven on a
// fixture page by what the page itself records, not by what the tool says.

// Where the fixture pages put things (packages/testkit/src/fixture-sites/pages/tools-*.ts).
const VOUCHER_CODE = "WINTER-7Q2X-2026";
const CANVAS_BOX = { left: 100, top: 200 };
const MUSEUM_PIN = { x: 200, y: 60 };
const NOTE_BOX = { left: 560, top: 200, height: 36 };

const it = agentTest;
let h: Harness;
it.beforeAll(({ agent }) => {
  h = agent;
});

/** Runs the moves, one step each, then done with the last state; returns every tool result in order. */
async function runOn(path: string, moves: Move[], opts: { vision?: boolean } = {}) {
  h.model.setResponder((req, i) => moves[i]?.(req) ?? answer(latestState(req)));
  const out = await h.run({
    task: { prompt: "Use the page", initialUrl: `${h.sites.url}${path}` },
    limits: { timeoutMs: 20_000 },
    ...opts,
  });
  expect(out.result.status, out.result.reason ?? "").toBe("success");
  const requests = h.model.chatRequests();
  return { ...out, final: out.result.result ?? "", results: requests.slice(1).map((r) => toolResults(r).at(-1) ?? ""), requests };
}

describe("tools a person uses", () => {
  it("drags a sortable list item onto another (HTML5 drag and drop) and a pointer slider by an offset", async () => {
    const { final, results } = await runOn("/tools/drag", [
      (req) => act("drag", { index: indexOf(req, /^<li[^>]*>Cherry/), to_index: indexOf(req, /^<li[^>]*>Apple/) }),
      (req) => act("drag", { index: indexOf(req, "role=slider"), dx: 200, dy: 0 }),
    ]);
    expect(final).toContain("Order: Cherry, Apple, Banana, Damson");
    expect(final).toContain("Volume: 70");
    expect(results[0]).toMatch(/it is now item 1 of 4 in its list \(was 3\)/);
    expect(results[1]).toMatch(/its value is now 70 \(was 20\)/);
  });

  it("selects text on the page, copies it and pastes it into a field", async () => {
    const { final, results } = await runOn("/tools/clipboard", [
      () => ({ toolCalls: [call("select_text", { text: VOUCHER_CODE }), call("press_keys", { keys: "Control+c" })] }),
      (req) => ({
        toolCalls: [
          call("click", { index: indexOf(req, "name=voucher") }),
          call("press_keys", { keys: "Control+v" }),
          call("click", { index: indexOf(req, "Apply voucher") }),
        ],
      }),
    ]);
    expect(final).toContain(`Applied: ${VOUCHER_CODE}`);
    expect(toolResults(h.model.chatRequests()[1]!).join("\n")).toContain(`copied "${VOUCHER_CODE}"`);
    expect(results.join("\n")).not.toMatch(/Nothing|No text field/);
  });

  it("adds options to the selection of a <select multiple> and of a multi-select list box", async () => {
    const { final, results } = await runOn("/tools/multiselect", [
      (req) => act("select_option", { index: indexOf(req, "<select"), option: "Olives" }),
      (req) => act("select_option", { index: indexOf(req, "<select"), option: "Basil", add: true }),
      (req) => act("select_option", { index: indexOf(req, "role=listbox"), option: "Red" }),
      (req) => act("select_option", { index: indexOf(req, "role=listbox"), option: "Blue", add: true }),
    ]);
    expect(final).toContain("Toppings: Basil, Olives");
    expect(final).toContain("Colours: Red, Blue");
    expect(results[1]).toContain('selected now: "Basil", "Olives"');
    expect(results[3]).toContain('selected now: "Red", "Blue"');
  });

  it("answers alerts, confirms and prompts as told (dismissed by default) and follows a popup window", async () => {
    const { final } = await runOn("/tools/dialogs", [
      (req) => act("click", { index: indexOf(req, "Say hello") }),
      (req) => {
        expect(latestState(req)).toContain('The page showed an alert: "Hello from the page". It was closed with OK.');
        expect(latestState(req)).toContain("Alert closed");
        return act("click", { index: indexOf(req, "Delete draft") });
      },
      (req) => {
        expect(latestState(req)).toContain('The page showed a confirm dialog: "Delete the draft?". It was dismissed.');
        expect(latestState(req)).toContain("Draft kept");
        return { toolCalls: [call("answer_dialog", { accept: true }), call("click", { index: indexOf(req, "Delete draft") })] };
      },
      (req) => {
        expect(latestState(req)).toContain("It was accepted, as you asked.");
        expect(latestState(req)).toContain("Draft deleted");
        return {
          toolCalls: [
            call("answer_dialog", { accept: true, text: "Holiday plan" }),
            call("click", { index: indexOf(req, "Rename draft") }),
          ],
        };
      },
      (req) => {
        expect(latestState(req)).toContain('It was accepted with "Holiday plan", as you asked.');
        expect(latestState(req)).toContain("Name: Holiday plan");
        return act("click", { index: indexOf(req, "Rename draft") });
      },
      (req) => {
        expect(latestState(req)).toContain("Rename cancelled");
        return act("click", { index: indexOf(req, "Open help") });
      },
      (req) => {
        expect(toolResults(req).at(-1)).toMatch(/It opened a new tab \(tab 1, .*\/tools\/dialogs\/help\)/);
        return act("click", { index: indexOf(req, "Send feedback") });
      },
    ]);
    expect(final).toContain("Feedback sent from the popup");
  });

  it("clicks and types at screenshot points where no element has an index (a canvas map, a closed widget)", async () => {
    const museum = MUSEUM_PIN;
    const { final, results, requests } = await runOn(
      "/tools/canvas",
      [
        () => act("click_at", { x: CANVAS_BOX.left + museum.x, y: CANVAS_BOX.top + museum.y }),
        () => act("type_at", { x: NOTE_BOX.left + 40, y: NOTE_BOX.top + NOTE_BOX.height / 2, text: "Meet at noon" }),
      ],
      { vision: true },
    );
    expect(final).toContain(`Map clicked at ${museum.x},${museum.y}: Museum`);
    expect(final).toContain("Note: Meet at noon");
    expect(results[0]).toMatch(/^Clicked at \(300, 260\) on <canvas#map>/);
    expect(results[1]).toContain('typed "Meet at noon"');
    // The model sees the screenshot the coordinates refer to.
    expect(requests[0]!.messages.at(-1)?.images).toBe(1);
  });

  it("a click on a suggestion picks the one clicked where the page would choose another (keyboard way), and select_option too", async () => {
    const field = (req: ChatRequest) => indexOf(req, "role=combobox");
    const { final, results, steps } = await runOn("/tools/autocomplete", [
      (req) => act("type", { index: field(req), text: "Ma" }),
      (req) => act("click", { index: indexOf(req, /^<li[^>]*>Manchester/) }),
      (req) => {
        // A plain click on this page chooses the highlighted first suggestion (Madrid).
        expect(latestState(req)).toContain("Chosen: Manchester");
        return act("type", { index: field(req), text: "Ma" });
      },
      (req) => act("select_option", { index: field(req), option: "Marseille" }),
    ]);
    expect(results[1]).toMatch(
      /^Clicked \[\d+\].*; the page put "Madrid" in the field, so "Manchester" was chosen with the arrow keys and Enter\./,
    );
    expect(steps[1]?.actions[0]?.ok).toBe(true);
    expect(results[3]).toContain('Selected "Marseille"');
    expect(results[3]).toContain('with the arrow keys and Enter (a click chose "Madrid")');
    expect(final).toContain("Chosen: Marseille");
  });
});
