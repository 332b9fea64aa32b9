import type { ViewerMessage } from "@errand/contract";
import type { Page } from "playwright-core";
import type { AddressPolicy } from "../safety/address-policy.ts";
import { checkAddress } from "./address-bar.ts";
import { createKeyInput } from "./key-input.ts";
import type { PageView } from "./page-view.ts";
import { createPointerInput } from "./pointer-input.ts";
import { firstLine } from "./with-timeout.ts";

export type InputMessage = Exclude<ViewerMessage, { type: "ping" }>;

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

const QUIET_NAVIGATION_ERRORS = /interrupted by another navigation|Target page, context or browser has been closed|net::ERR_ABORTED/i;

/** Viewer input for one tab: the mouse through CDP, keys through Playwright, and the address bar and history buttons. */
export function createPageInput(page: Page, view: PageView, deps: PageInputDeps): PageInput {
  const pointer = createPointerInput(view);
  const keys = createKeyInput(page);
  return {
    async apply(message, reply) {
      switch (message.type) {
        case "mouse":
          return pointer.mouse(message);
        case "wheel":
          return pointer.wheel(message);
        case "key":
          return keys.key(message);
        case "text":
          if (message.text) await page.keyboard.insertText(message.text);
          return;
        case "resize":
          if (!deps.resizable) return;
          await page.setViewportSize({ width: message.width, height: message.height });
          deps.afterResize();
          return;
        case "navigate":
          return navigate(page, deps.policy, message.url, reply);
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
      await keys.release();
      await pointer.release();
    },
  };
}

/** What the viewer typed in the address bar, checked like the agent's own navigation. */
async function navigate(page: Page, policy: AddressPolicy, typed: string, reply: (notice: string) => void) {
  const verdict = await checkAddress(typed, policy);
  if ("notice" in verdict) return reply(verdict.notice);
  if ("ignore" in verdict) return;
  // Not awaited: the viewer sees the loading state, and other input is not held up by a slow site.
  page.goto(verdict.open, { waitUntil: "commit" }).catch((error: unknown) => {
    const line = firstLine(error);
    if (!page.isClosed() && !QUIET_NAVIGATION_ERRORS.test(line)) reply(line);
  });
}
