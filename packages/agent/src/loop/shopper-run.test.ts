import { shopperTurn } from "@errand/testkit";
import type { ReplayShopVariant } from "@errand/testkit";
import { describe, expect } from "vitest";
import { agentTest } from "../testing/agent-test.ts";
import { latestState } from "../testing/harness.ts";
import type { Harness } from "../testing/harness.ts";

// The replay shop's 6-step task driven by the shopper fake model, on every variant of the shop:
// the fixture and the responder that the replay, fallback and repair tests stand on
// (docs/adr/0009-record-and-replay.md).

const it = agentTest;

const schema = {
  type: "object",
  properties: { name: { type: "string" }, price: { type: "string" }, cart: { type: "string" } },
  required: ["name", "price", "cart"],
  additionalProperties: false,
};
const PROMPT =
  'Search the shop for "lamp", open Desk Lamp, add 2 of it to the cart, then give its name, price and what the cart badge says.';

async function shop(
  h: Harness,
  variant: ReplayShopVariant,
  responseFormat: "json" | "text" = "json",
  provider: "openai" | "anthropic" = "openai",
) {
  h.sites.setReplayShopVariant(variant);
  h.model.setResponder((req) => shopperTurn(req));
  return h.run({
    provider,
    task: {
      prompt: PROMPT,
      initialUrl: `${h.sites.url}/replay-shop`,
      responseFormat,
      ...(responseFormat === "json" ? { jsonSchema: schema } : {}),
    },
  });
}

const actions = (steps: { actions: { name: string }[] }[]) => steps.flatMap((s) => s.actions.map((a) => a.name));

describe("the shopper on the replay shop", () => {
  it("does the baseline task in exactly 6 model calls and answers with name, price and cart", async ({ agent: h }) => {
    const { result, steps } = await shop(h, "baseline");
    expect(result).toMatchObject({ status: "success", steps: 6 });
    expect(JSON.parse(result.result ?? "")).toEqual({ name: "Desk Lamp", price: "$24.00", cart: "Cart: 2 items" });
    expect(h.model.chatRequests()).toHaveLength(6);
    expect(actions(steps)).toEqual(["type", "click", "click", "type", "click", "done"]);
    expect(steps.map((s) => s.actions[0]?.ok)).toEqual([true, true, true, true, true, true]);
    // Each turn states its intent beside its action (the step's goal a recording keeps).
    const said = h.model
      .chatRequests()[5]!
      .messages.filter((m) => m.role === "assistant")
      .map((m) => m.text);
    expect(said).toEqual([
      "Type lamp into the search field",
      "Click the Search button",
      "Open the Desk Lamp product page",
      "Set the quantity to 2",
      "Add 2 x Desk Lamp to the cart",
    ]);
    // The observation shows a field's current value: the shopper's only cue that typing worked.
    expect(latestState(h.model.chatRequests()[1]!)).toMatch(/<input type=search value=lamp /);
    expect(latestState(h.model.chatRequests()[4]!)).toMatch(/<input type=number value=2 /);
  });

  it("answers a text task with one sentence (spoken to as Anthropic)", async ({ agent: h }) => {
    const { result } = await shop(h, "baseline", "text", "anthropic");
    expect(result).toMatchObject({ status: "success", result: "Desk Lamp costs $24.00; Cart: 2 items." });
  });

  it("finds the moved button by its name", async ({ agent: h }) => {
    const { result } = await shop(h, "moved-button");
    expect(result).toMatchObject({ status: "success", steps: 6 });
    expect(JSON.parse(result.result ?? "")).toEqual({ name: "Desk Lamp", price: "$24.00", cart: "Cart: 2 items" });
  });

  it("follows the renamed button and quantity label", async ({ agent: h }) => {
    const { result } = await shop(h, "renamed-label");
    expect(result).toMatchObject({ status: "success", steps: 6 });
    expect(JSON.parse(result.result ?? "")).toEqual({ name: "Desk Lamp", price: "$24.00", cart: "Cart: 2 items" });
    expect(latestState(h.model.chatRequests()[4]!)).toContain(">Add to basket</button>");
  });

  it("takes the extra step through the notice page", async ({ agent: h }) => {
    const { result, steps } = await shop(h, "extra-step");
    expect(result).toMatchObject({ status: "success", steps: 7 });
    expect(JSON.parse(result.result ?? "")).toEqual({ name: "Desk Lamp", price: "$24.00", cart: "Cart: 2 items" });
    expect(steps[3]?.title).toBe("Before you continue - Replay Shop");
  });

  it("reports the new price on the repriced shop", async ({ agent: h }) => {
    const { result } = await shop(h, "repriced");
    expect(result).toMatchObject({ status: "success", steps: 6 });
    expect(JSON.parse(result.result ?? "")).toEqual({ name: "Desk Lamp", price: "$25.50", cart: "Cart: 2 items" });
  });

  it("gives up with a reason on a page it cannot place", async ({ agent: h }) => {
    h.model.setResponder((req) => shopperTurn(req));
    const { result } = await h.run({
      task: { prompt: PROMPT, initialUrl: `${h.sites.url}/news`, responseFormat: "json", jsonSchema: schema },
    });
    expect(result.status).toBe("failed");
    expect(result.reason).toMatch(/^The agent could not complete the task: no step of the shopping task fits this page/);
  });
});
