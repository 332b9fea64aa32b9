import type { ViewerMessage } from "@errand/contract";
import type { Page } from "playwright-core";
import { firstLine } from "./with-timeout.ts";

type KeyMessage = Extract<ViewerMessage, { type: "key" }>;

const PRINTABLE = /^[^\p{Cc}]+$/u;

/**
 * A viewer's keyboard in one tab, through Playwright's keyboard (which keeps the modifier
 * state). Keys outside Playwright's US layout ("é") are inserted as text on keydown.
 */
export function createKeyInput(page: Page) {
  /** Keys down through Playwright, by the viewer's physical code: keyup may report another key ("a" after "A"). */
  const heldKeys = new Map<string, string>();
  return {
    async key(message: KeyMessage) {
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
    },
    /** Lets go of every key still held, so the agent finds a clean keyboard. */
    async release() {
      const keys = [...heldKeys.values()];
      heldKeys.clear();
      for (const pressed of keys) await page.keyboard.up(pressed).catch(() => {});
    },
  };
}
