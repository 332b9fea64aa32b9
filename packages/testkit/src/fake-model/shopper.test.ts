import { describe, expect, it } from "vitest";
import { shopperTurn } from "./shopper.ts";
import type { ChatMessage, ChatRequest, ChatTool, FakeToolCallsTurn, FakeTurn } from "./types.ts";

// Browser states as the agent's observer renders them for the replay shop (captured from a real
// run: packages/agent/src/loop/shopper-run.test.ts drives the whole task end to end). The testkit
// does not depend on the agent, so the states are kept here as text.
const HEAD = (path: string, title: string) =>
  `Step 3 of 50; 299 s left.\nURL: http://127.0.0.1:36189${path}\nTitle: ${JSON.stringify(title)}\nScroll: 0 px above, 0 px below (viewport 800 px).`;
const state = (path: string, title: string, lines: string[]) =>
  `${HEAD(path, title)}\n<page_content>\n${lines.join("\n")}\n</page_content>`;

const home = (value?: string) =>
  state("/replay-shop", "Replay Shop", [
    "[1]<a>Fixture Sites</a>",
    "Cart: 0 items",
    "# Replay Shop",
    "Lamps, shades and a few things for the desk.",
    "Search products",
    `[2]<input type=search${value === undefined ? "" : ` value=${JSON.stringify(value)}`} placeholder="Search products">`,
    "[3]<button>Search</button>",
  ]);

const RESULTS = state("/replay-shop/search?q=lamp", 'Results for "lamp" - Replay Shop', [
  "[1]<a>Fixture Sites</a>",
  "Cart: 0 items",
  "[2]<a>Back to Replay Shop</a>",
  '# Results for "lamp"',
  "[3]<a>Floor Lamp</a>",
  "$89.00",
  "[4]<a>Desk Lamp</a>",
  "$24.00",
]);

const NOTICE = state("/replay-shop/product/1/notice", "Before you continue - Replay Shop", [
  "[1]<a>Fixture Sites</a>",
  "Cart: 0 items",
  "# Before you continue",
  "Prices changed this week. Desk Lamp ships in 2 to 3 days.",
  "[2]<button>Continue</button>",
]);

/** A product page; `moved` puts the button before the quantity field, as the moved-button variant does. */
function product(o: { quantity: number; cart: number; price?: string; label?: string; button?: string; moved?: boolean; name?: string }) {
  const field = [o.label ?? "Quantity", `[3]<input type=number value=${o.quantity} name=quantity>`];
  const button = [`*[4]<button>${o.button ?? "Add to cart"}</button>`];
  return state("/replay-shop/product/1", `${o.name ?? "Desk Lamp"} - Replay Shop`, [
    "[1]<a>Fixture Sites</a>",
    `Cart: ${o.cart} items`,
    "[2]<a>Back to Replay Shop</a>",
    `# ${o.name ?? "Desk Lamp"}`,
    o.price ?? "$24.00",
    "A steady arm lamp with a warm LED for late work.",
    ...(o.moved ? [...button, ...field] : [...field, ...button]),
  ]);
}

const doneTool = (json: boolean): ChatTool => ({
  name: "done",
  description: "Finish the task.",
  parameters: { type: "object", properties: json ? { success: {}, data: {}, text: {} } : { success: {}, text: {} } },
  strict: false,
});
const msg = (role: ChatMessage["role"], text: string): ChatMessage => ({ role, text, toolCalls: [], images: 0 });

function request(latest: string, json = true, history: ChatMessage[] = []): ChatRequest {
  return {
    protocol: "openai",
    path: "/v1/chat/completions",
    model: "gpt-4.1",
    stream: false,
    body: {},
    toolNames: ["click", "type", "done"],
    tools: [doneTool(json)],
    system: "",
    messages: [msg("user", "Task: buy lamps"), ...history, msg("user", latest)],
  };
}

function call(turn: FakeTurn) {
  const calls = (turn as FakeToolCallsTurn).toolCalls;
  expect(calls).toHaveLength(1);
  return { ...calls[0], text: (turn as FakeToolCallsTurn).text };
}

describe("shopperTurn", () => {
  it("types the query into an empty search field, then clicks Search once it shows", () => {
    expect(call(shopperTurn(request(home())))).toEqual({
      name: "type",
      arguments: { index: 2, text: "lamp" },
      text: "Type lamp into the search field",
    });
    expect(call(shopperTurn(request(home("chair"))))).toMatchObject({ name: "type", arguments: { index: 2, text: "lamp" } });
    expect(call(shopperTurn(request(home("lamp"))))).toEqual({ name: "click", arguments: { index: 3 }, text: "Click the Search button" });
  });

  it("opens the product's link among the results, and continues past a notice", () => {
    expect(call(shopperTurn(request(RESULTS)))).toMatchObject({
      name: "click",
      arguments: { index: 4 },
      text: "Open the Desk Lamp product page",
    });
    expect(call(shopperTurn(request(NOTICE)))).toMatchObject({ name: "click", arguments: { index: 2 } });
  });

  it("sets the quantity, then adds to the cart, wherever the button is and whatever the labels say", () => {
    for (const variant of [{}, { moved: true }, { label: "Amount", button: "Add to basket" }]) {
      expect(call(shopperTurn(request(product({ quantity: 1, cart: 0, ...variant }))))).toEqual({
        name: "type",
        arguments: { index: 3, text: "2" },
        text: "Set the quantity to 2",
      });
      expect(call(shopperTurn(request(product({ quantity: 2, cart: 0, ...variant }))))).toMatchObject({
        name: "click",
        arguments: { index: 4 },
      });
    }
  });

  it("answers with name, price and cart once the cart holds the quantity: data for JSON tasks, a sentence for text", () => {
    const page = product({ quantity: 2, cart: 2, price: "$25.50" });
    expect(call(shopperTurn(request(page)))).toMatchObject({
      name: "done",
      arguments: { success: true, data: { name: "Desk Lamp", price: "$25.50", cart: "Cart: 2 items" } },
    });
    expect(call(shopperTurn(request(page, false)))).toMatchObject({
      name: "done",
      arguments: { success: true, text: "Desk Lamp costs $25.50; Cart: 2 items." },
    });
  });

  it("takes its options: another query, product and quantity", () => {
    const opts = { query: "shade", product: "Floor Lamp", quantity: 3 };
    expect(call(shopperTurn(request(home("lamp")), opts))).toMatchObject({ name: "type", arguments: { text: "shade" } });
    expect(call(shopperTurn(request(RESULTS), opts))).toMatchObject({ name: "click", arguments: { index: 3 } });
    const floor = { name: "Floor Lamp", price: "$89.00" };
    expect(call(shopperTurn(request(product({ ...floor, quantity: 2, cart: 0 })), opts))).toMatchObject({
      name: "type",
      arguments: { text: "3" },
    });
    expect(call(shopperTurn(request(product({ ...floor, quantity: 3, cart: 3 })), opts))).toMatchObject({
      name: "done",
      arguments: { data: { name: "Floor Lamp", price: "$89.00", cart: "Cart: 3 items" } },
    });
  });

  it("reads only the latest state, not the history", () => {
    const history = [msg("user", home()), msg("assistant", "Type lamp into the search field"), msg("tool", "Typed.")];
    expect(call(shopperTurn(request(RESULTS, true, history)))).toMatchObject({ name: "click", arguments: { index: 4 } });
  });

  it("gives up with a reason on a page it cannot place or the wrong product", () => {
    const lost = call(shopperTurn(request(state("/news", "News", ["# News", "[1]<a>Read more</a>"]))));
    expect(lost).toMatchObject({ name: "done", arguments: { success: false, data: null } });
    expect((lost.arguments as { text: string }).text).toMatch(/^no step of the shopping task fits this page/);
    const wrong = call(shopperTurn(request(product({ name: "Floor Lamp", quantity: 1, cart: 0 }), false)));
    expect(wrong).toMatchObject({
      name: "done",
      arguments: { success: false, text: 'this product page shows "Floor Lamp", not Desk Lamp' },
    });
  });
});
