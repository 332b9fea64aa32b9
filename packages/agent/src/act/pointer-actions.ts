import type { ElementHandle, Page } from "playwright-core";
import { ActionError } from "../types/actions.ts";
import { actionTimeout, resolveElement, shortError } from "./action-env.ts";
import type { ActionEnv, ActionOutcome } from "./action-env.ts";
import type { ActionInput } from "./tool-definitions.ts";

/** Mouse moves between press and release: drag libraries and HTML5 drag and drop need several. */
const DRAG_STEPS = 12;
/** The first move after the press: many libraries start a drag only after a few pixels. */
const DRAG_START_PX = 6;

type Point = { x: number; y: number };

async function centre(element: ElementHandle, env: ActionEnv, index: number): Promise<Point> {
  await element.scrollIntoViewIfNeeded({ timeout: actionTimeout(env, 2_000) }).catch(() => {});
  const box = await element.boundingBox();
  if (!box) throw new ActionError(`[${index}] is not visible, so it cannot be dragged or dropped onto.`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Where an element stands: its place among its siblings, and a value (sliders, range inputs). */
async function placeOf(element: ElementHandle): Promise<{ connected: boolean; position: number; of: number; value: string | null }> {
  return element
    .evaluate((node) => {
      type El = {
        isConnected: boolean;
        parentElement: { children: ArrayLike<unknown> } | null;
        getAttribute(n: string): string | null;
        value?: unknown;
      };
      const el = node as unknown as El;
      const siblings = el.parentElement ? Array.from(el.parentElement.children) : [el];
      const value = typeof el.value === "string" && el.value !== "" ? el.value : el.getAttribute("aria-valuenow");
      return { connected: el.isConnected, position: siblings.indexOf(el) + 1, of: siblings.length, value };
    })
    .catch(() => ({ connected: false, position: 0, of: 0, value: null }));
}

function inViewport(page: Page, p: Point): boolean {
  const size = page.viewportSize();
  return !size || (p.x >= 0 && p.y >= 0 && p.x < size.width && p.y < size.height);
}

/** drag: press on [index], move the mouse in steps, release on [to_index] or dx/dy away; says what moved. */
export async function drag(env: ActionEnv, input: ActionInput<"drag">): Promise<ActionOutcome> {
  if (input.to_index === undefined && input.dx === undefined && input.dy === undefined) {
    throw new ActionError("Give to_index (the element to drop onto) or dx/dy (how far to move, in pixels).");
  }
  const page = env.page();
  const source = await resolveElement(env, input.index);
  const target = input.to_index !== undefined ? await resolveElement(env, input.to_index) : null;
  const from = await centre(source, env, input.index);
  const to = target ? await centre(target, env, input.to_index ?? 0) : { x: from.x + (input.dx ?? 0), y: from.y + (input.dy ?? 0) };
  // Bringing the target into view may have scrolled the source.
  const start = target ? await centre(source, env, input.index) : from;
  if (!inViewport(page, start) || !inViewport(page, to)) {
    throw new ActionError("The drag would start or end outside the visible page: scroll so both ends are visible, or drag a shorter way.");
  }
  const before = await placeOf(source);
  await pressMoveRelease(page, start, to, input.index);
  let after = await placeOf(source);
  if (unmoved(before, after) && (await isHtmlDraggable(source))) {
    // Playwright carries an HTML5 drag only when it saw the page start one on the first move,
    // which a busy machine can let pass: once more, as a person would try again.
    await pressMoveRelease(page, start, to, input.index);
    after = await placeOf(source);
  }
  const onto =
    input.to_index !== undefined ? ` onto [${input.to_index}]` : ` by ${Math.round(to.x - start.x)},${Math.round(to.y - start.y)} px`;
  const changes: string[] = [];
  if (!after.connected) changes.push("it was redrawn (look at the new page state)");
  if (after.connected && after.position !== before.position)
    changes.push(`it is now item ${after.position} of ${after.of} in its list (was ${before.position})`);
  if (after.value !== before.value && after.value !== null) changes.push(`its value is now ${after.value} (was ${before.value ?? "none"})`);
  return {
    ok: true,
    message: `Dragged [${input.index}]${onto}; ${changes.length ? changes.join(", ") : "its place and value did not change"}.`,
  };
}

async function pressMoveRelease(page: Page, start: Point, to: Point, index: number): Promise<void> {
  try {
    // A query in Playwright's own script world first: its HTML5 drag support listens there for
    // the page's dragstart, and skips the drag when that world is not ready yet.
    await page.locator(":root").count();
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    const dx = to.x - start.x;
    const dy = to.y - start.y;
    const len = Math.hypot(dx, dy) || 1;
    await page.mouse.move(start.x + (dx / len) * DRAG_START_PX, start.y + (dy / len) * DRAG_START_PX);
    await page.mouse.move(to.x, to.y, { steps: DRAG_STEPS });
    await page.mouse.up();
  } catch (error) {
    await page.mouse.up().catch(() => {});
    throw new ActionError(`Could not drag [${index}]: ${shortError(error)}`);
  }
}

type Place = Awaited<ReturnType<typeof placeOf>>;
const unmoved = (before: Place, after: Place) => after.connected && after.position === before.position && after.value === before.value;

/** HTML5 drag and drop: the element (or an ancestor) is draggable. */
async function isHtmlDraggable(element: ElementHandle): Promise<boolean> {
  return element
    .evaluate((node) => Boolean((node as unknown as { closest(s: string): unknown }).closest('[draggable="true"]')))
    .catch(() => false);
}

/** Checks a screenshot point and names what is there. */
async function pointAt(env: ActionEnv, x: number, y: number): Promise<string> {
  const size = env.page().viewportSize();
  if (size && (x >= size.width || y >= size.height)) {
    throw new ActionError(`(${x}, ${y}) is outside the viewport, which is ${size.width}x${size.height} CSS pixels (as the screenshot).`);
  }
  const what = await env
    .page()
    .evaluate(
      ([px, py]) => {
        type El = { tagName: string; id: string; getAttribute(n: string): string | null; innerText?: string };
        const doc = (globalThis as unknown as { document: { elementFromPoint(x: number, y: number): El | null } }).document;
        const el = doc.elementFromPoint(px, py);
        if (!el) return "";
        const name = el.getAttribute("aria-label") || (el.innerText || "").replace(/\s+/g, " ").trim().slice(0, 40);
        return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}>${name ? ` ${JSON.stringify(name)}` : ""}`;
      },
      [x, y] as const,
    )
    .catch(() => "");
  return what ? ` on ${what}` : "";
}

/** The focused element, inside open shadow roots too (runs in the page). */
function focusedElement(): unknown {
  type El = { shadowRoot: { activeElement: El | null } | null };
  let active = (globalThis as unknown as { document: { activeElement: El | null } }).document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** click_at: a click at a point of the viewport (the screenshot's CSS pixels), for what has no index. */
export async function clickAt(env: ActionEnv, input: ActionInput<"click_at">): Promise<ActionOutcome> {
  const on = await pointAt(env, input.x, input.y);
  await env.page().mouse.click(input.x, input.y);
  return { ok: true, message: `Clicked at (${input.x}, ${input.y})${on}.` };
}

/** type_at: click a point, then type into whatever took the focus; says what the field shows. */
export async function typeAt(env: ActionEnv, input: ActionInput<"type_at">): Promise<ActionOutcome> {
  const on = await pointAt(env, input.x, input.y);
  const page = env.page();
  await page.mouse.click(input.x, input.y);
  // Vault placeholders become their values for the element that took the focus, as in type.
  const focused = (await page.evaluateHandle(focusedElement).catch(() => null))?.asElement() ?? null;
  const secret = focused ? ((await env.resolveTyped?.(input.text, focused)) ?? null) : null;
  if (!secret && /\{\{\s*secret:/i.test(input.text))
    throw new ActionError("Nothing that takes typing has the focus there, so the secret was not typed.");
  await page.keyboard.type(secret ? secret.text : input.text);
  if (secret) return { ok: true, message: `Clicked at (${input.x}, ${input.y})${on} and typed ${secret.description}.` };
  const shown = focused
    ? await focused.evaluate((e) => ((e as unknown as { value?: unknown }).value as string | undefined) ?? null).catch(() => null)
    : null;
  const field = shown === null ? "" : `; the focused field shows ${JSON.stringify(env.redact(shown.slice(0, 100)))}`;
  return { ok: true, message: `Clicked at (${input.x}, ${input.y})${on} and typed ${JSON.stringify(input.text)}${field}.` };
}
