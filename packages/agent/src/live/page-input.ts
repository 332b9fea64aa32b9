import type { ViewerMessage } from "@errand/contract";
import type { Page } from "playwright-core";
import type { AddressPolicy } from "../safety/address-policy.ts";
import { checkAddress } from "./address-bar.ts";
import type { PageView } from "./page-view.ts";
import { firstLine } from "./with-timeout.ts";

export type InputMessage = Exclude<ViewerMessage, { type: "ping" }>;
type Button = "left" | "middle" | "right";

export interface PageInputDeps {
  policy: AddressPolicy;
  resizable: boolean;
  /** The viewport changed (the screencast and the state follow). */
  afterResize(): void;
}

export interface PageInput {
  /** Applies one input message; `reply` shows a notice to the viewer who sent it. May throw. */
  apply(message: InputMessage, reply: (notice: string) => void): Promise<void>;
  /** Lets go of every key and mouse button a viewer still holds, so the agent finds a clean keyboard. */
  release(): Promise<void>;
}

const BUTTON_BITS: Record<Button, number> = { left: 1, right: 2, middle: 4 };
const PRINTABLE = /^[^\p{Cc}]+$/u;
const QUIET_NAVIGATION_ERRORS = /interrupted by another navigation|Target page, context or browser has been closed|net::ERR_ABORTED/i;

/**
 * Viewer input for one tab. Mouse events go through CDP (faithful clickCount, buttons and
 * modifiers); keys through Playwright's keyboard, which keeps the modifier state. Keys outside
 * Playwright's US layout ("é") are inserted as text on keydown.
 */
export function createPageInput(page: Page, view: PageView, deps: PageInputDeps): PageInput {
  let buttons = 0;
  let at = { x: 0, y: 0 };
  /** Keys down through Playwright, by the viewer's physical code: keyup may report another key ("a" after "A"). */
  const heldKeys = new Map<string, string>();

  const pressedButton = (): Button | "none" => (buttons & 1 ? "left" : buttons & 2 ? "right" : buttons & 4 ? "middle" : "none");

  async function mouse(message: Extract<InputMessage, { type: "mouse" }>) {
    const { x, y, modifiers } = message;
    at = { x, y };
    if (message.action === "move") {
      const button = message.button === "none" ? pressedButton() : message.button;
      await view.mouse({ type: "mouseMoved", x, y, button, buttons, modifiers });
      return;
    }
    const button: Button = message.button === "none" ? "left" : message.button;
    const clickCount = Math.max(1, message.clickCount);
    await view.mouse({ type: "mouseMoved", x, y, button: pressedButton(), buttons, modifiers });
    if (message.action === "down") buttons |= BUTTON_BITS[button];
    else buttons &= ~BUTTON_BITS[button];
    await view.mouse({ type: message.action === "down" ? "mousePressed" : "mouseReleased", x, y, button, buttons, clickCount, modifiers });
  }

  async function key(message: Extract<InputMessage, { type: "key" }>) {
    const id = message.code && message.code !== "Unidentified" ? message.code : message.key;
    if (message.action === "up") {
      const pressed = heldKeys.get(id);
      if (pressed === undefined) return; // never went down through Playwright (inserted as text, or pressed before)
      heldKeys.delete(id);
      await page.keyboard.up(pressed);
      return;
    }
    try {
      await page.keyboard.down(message.key);
      heldKeys.set(id, message.key);
    } catch (error) {
      if (!/Unknown key/i.test(firstLine(error))) throw error;
      const text = message.text ?? ([...message.key].length === 1 ? message.key : undefined);
      if (text && PRINTABLE.test(text)) await page.keyboard.insertText(text);
    }
  }

  async function navigate(typed: string, reply: (notice: string) => void) {
    const verdict = await checkAddress(typed, deps.policy);
    if ("notice" in verdict) return reply(verdict.notice);
    if ("ignore" in verdict) return;
    // Not awaited: the viewer sees the loading state, and other input is not held up by a slow site.
    page.goto(verdict.open, { waitUntil: "commit" }).catch((error: unknown) => {
      const line = firstLine(error);
      if (!page.isClosed() && !QUIET_NAVIGATION_ERRORS.test(line)) reply(line);
    });
  }

  return {
    async apply(message, reply) {
      switch (message.type) {
        case "mouse":
          return mouse(message);
        case "wheel": {
          const { x, y, deltaX, deltaY, modifiers } = message;
          return view.mouse({ type: "mouseWheel", x, y, deltaX, deltaY, modifiers, buttons, button: pressedButton() });
        }
        case "key":
          return key(message);
        case "text":
          if (message.text) await page.keyboard.insertText(message.text);
          return;
        case "resize":
          if (!deps.resizable) return;
          await page.setViewportSize({ width: message.width, height: message.height });
          deps.afterResize();
          return;
        case "navigate":
          return navigate(message.url, reply);
        case "back":
          void page.goBack({ waitUntil: "commit" }).catch(() => {});
          return;
        case "forward":
          void page.goForward({ waitUntil: "commit" }).catch(() => {});
          return;
        case "reload":
          void page.reload({ waitUntil: "commit" }).catch(() => {});
          return;
      }
    },
    async release() {
      const keys = [...heldKeys.values()];
      heldKeys.clear();
      for (const pressed of keys) await page.keyboard.up(pressed).catch(() => {});
      for (const button of ["left", "right", "middle"] as const) {
        if (!(buttons & BUTTON_BITS[button])) continue;
        buttons &= ~BUTTON_BITS[button];
        await view.mouse({ type: "mouseReleased", ...at, button, buttons, clickCount: 1 }).catch(() => {});
      }
    },
  };
}
