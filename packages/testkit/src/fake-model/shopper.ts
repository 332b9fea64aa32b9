import type { ChatRequest, FakeToolCallsTurn, FakeTurn } from "./types.ts";

/**
 * A fake model that shops on the replay shop (/replay-shop): search for a query, open a
 * product, set a quantity, add it to the cart, answer with name, price and cart. Stateless: each
 * turn is decided from the latest browser state alone (the last user message, as the agent
 * renders it: `[index]<tag attrs>label</tag>` among the page's text lines), so the same responder
 * works on every variant of the shop and for a single "repair this step" call.
 */
export interface ShopperOptions {
  /** Default "lamp". */
  query?: string;
  /** Default "Desk Lamp". */
  product?: string;
  /** Default 2. */
  quantity?: number;
}

interface PageElement {
  index: number;
  tag: string;
  attrs: string;
  /** Text inside the tag ("" for form fields). */
  label: string;
  /** Plain text next to the element: the same line before it, else the nearest text line above. */
  caption: string;
}

interface PageView {
  elements: PageElement[];
  /** The page's text lines with elements left in. */
  lines: string[];
}

const ELEMENT = /\*?\[(\d+)\]<([a-z][a-z0-9-]*)((?:[^>"]|"(?:[^"\\]|\\.)*")*)>/g;
const ADD_BUTTON = /^Add to (cart|basket)$/i;
const QUANTITY_CAPTION = /\b(Quantity|Amount)\b/i;
const CART = /Cart: (\d+) items?/;

/** The text of the last user message (the browser state), or "" when there is none. */
function latestUserText(req: ChatRequest): string {
  const users = req.messages.filter((m) => m.role === "user");
  return users[users.length - 1]?.text ?? "";
}

function pageText(state: string): string {
  const start = state.indexOf("<page_content>");
  const end = state.lastIndexOf("</page_content>");
  return start >= 0 && end > start ? state.slice(start + "<page_content>".length, end) : state;
}

function plain(text: string): string {
  return text
    .replace(ELEMENT, " ")
    .replace(/<\/[a-z0-9-]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function parsePage(state: string): PageView {
  const lines = pageText(state)
    .split("\n")
    .filter((l) => l.trim() !== "");
  const elements: PageElement[] = [];
  let lastText = "";
  for (const line of lines) {
    for (const m of line.matchAll(ELEMENT)) {
      const tag = m[2] ?? "";
      const after = line.slice((m.index ?? 0) + m[0].length);
      const closed = new RegExp(`^((?:(?!\\*?\\[\\d+\\]<).)*?)</${tag}>`).exec(after);
      const before = plain(line.slice(0, m.index));
      elements.push({ index: Number(m[1]), tag, attrs: m[3] ?? "", label: closed?.[1]?.trim() ?? "", caption: before || lastText });
    }
    const text = plain(line);
    if (text) lastText = text;
  }
  return { elements, lines };
}

/** An attribute as dom-walk renders it (`name=value` or `name="quoted value"`), or undefined. */
function attr(el: PageElement, name: string): string | undefined {
  const m = new RegExp(`(?:^|\\s)${name}=("(?:[^"\\\\]|\\\\.)*"|\\S+)`).exec(el.attrs);
  if (!m?.[1]) return undefined;
  if (!m[1].startsWith('"')) return m[1];
  try {
    return JSON.parse(m[1]) as string;
  } catch {
    return m[1].slice(1, -1);
  }
}

const isField = (el: PageElement) => el.tag === "input" || el.tag === "textarea";
const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function act(text: string, name: string, args: Record<string, unknown>): FakeToolCallsTurn {
  return { text, toolCalls: [{ name, arguments: args }] };
}

function isJsonTask(req: ChatRequest): boolean {
  const done = req.tools.find((t) => t.name === "done");
  const properties = done?.parameters.properties;
  return typeof properties === "object" && properties !== null && "data" in properties;
}

function fail(req: ChatRequest, reason: string): FakeToolCallsTurn {
  const args = isJsonTask(req) ? { success: false, data: null, text: reason } : { success: false, text: reason };
  return act(`I cannot go on: ${reason}`, "done", args);
}

function productTurn(req: ChatRequest, view: PageView, add: PageElement, o: Required<ShopperOptions>): FakeTurn {
  const headingAt = view.lines.findIndex((l) => /^#\s/.test(l.trim()));
  const name = headingAt >= 0 ? plain(view.lines[headingAt]!.trim().slice(1)) : "";
  if (!sameText(name, o.product)) return fail(req, `this product page shows "${name || "no product name"}", not ${o.product}`);
  const cartMatch = view.lines.map((l) => CART.exec(l)).find((m) => m !== null);
  const inCart = cartMatch ? Number(cartMatch[1]) : 0;
  if (inCart >= o.quantity) {
    const price = view.lines
      .slice(headingAt + 1)
      .map((l) => /\$\d[\d,]*\.\d{2}/.exec(l)?.[0])
      .find(Boolean);
    if (!price || !cartMatch) return fail(req, `the page of ${name} shows no price or cart`);
    const cart = cartMatch[0];
    const args = isJsonTask(req)
      ? { success: true, data: { name, price, cart } }
      : { success: true, text: `${name} costs ${price}; ${cart}.` };
    return act(`The cart holds ${o.quantity}; report ${name}, its price and the cart`, "done", args);
  }
  const field = view.elements.find(
    (el) => isField(el) && (QUANTITY_CAPTION.test(el.caption) || QUANTITY_CAPTION.test(attr(el, "aria-label") ?? "")),
  );
  if (!field) return fail(req, `the page of ${name} has no Quantity field`);
  if (attr(field, "value") !== String(o.quantity)) {
    return act(`Set the quantity to ${o.quantity}`, "type", { index: field.index, text: String(o.quantity) });
  }
  return act(`Add ${o.quantity} x ${name} to the cart`, "click", { index: add.index });
}

/** The shopper's next move for the page in the request's latest browser state. */
export function shopperTurn(req: ChatRequest, opts: ShopperOptions = {}): FakeTurn {
  const o: Required<ShopperOptions> = { query: opts.query ?? "lamp", product: opts.product ?? "Desk Lamp", quantity: opts.quantity ?? 2 };
  const view = parsePage(latestUserText(req));
  const { elements } = view;

  const add = elements.find((el) => el.tag === "button" && ADD_BUTTON.test(el.label));
  if (add) return productTurn(req, view, add, o);

  const proceed = elements.find((el) => (el.tag === "button" || el.tag === "a") && sameText(el.label, "Continue"));
  if (proceed) return act("Continue past the notice to the product page", "click", { index: proceed.index });

  const productLink = elements.find((el) => el.tag === "a" && sameText(el.label, o.product));
  if (productLink) return act(`Open the ${o.product} product page`, "click", { index: productLink.index });

  const search = elements.find(
    (el) => isField(el) && (attr(el, "type") === "search" || /search/i.test(attr(el, "placeholder") ?? "") || /search/i.test(el.caption)),
  );
  if (search) {
    if (attr(search, "value") !== o.query)
      return act(`Type ${o.query} into the search field`, "type", { index: search.index, text: o.query });
    const button = elements.find((el) => el.tag === "button" && sameText(el.label, "Search"));
    if (button) return act("Click the Search button", "click", { index: button.index });
    return fail(req, "the search field has no Search button");
  }
  return fail(req, `no step of the shopping task fits this page (no search field, ${o.product} link, Continue or Add to cart button)`);
}
