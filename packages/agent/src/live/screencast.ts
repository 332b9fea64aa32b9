import type { CDPSession, Page } from "playwright-core";
import type { Size } from "./types.ts";

/** Wait before starting the screencast again after Chromium refused (the tab was mid-navigation). */
const SCREENCAST_RETRY_MS = 100;
/** A navigation commits within well under this many tries; past it the session is broken, not busy. */
const SCREENCAST_MAX_RETRIES = 50;

/** One tab's screencast, kept at the size wanted (or stopped). */
export interface Screencast {
  /** Screencast at most this size (a frame follows at once), or none with undefined. Restarts when the size changes. */
  want(size: Size | undefined): void;
  /** True while a screencast runs: frames of a stopped one are dropped. */
  active(): boolean;
  /** Stops it for good; resolves once Chromium was told. */
  stop(): Promise<void>;
}

const same = (a: Size | undefined, b: Size | undefined) => a?.width === b?.width && a?.height === b?.height;

export function createScreencast(session: CDPSession, page: Page, quality: number): Screencast {
  let wanted: Size | undefined;
  let active: Size | undefined;
  let pumping = false;
  let refusals = 0;
  let stopped = false;

  /**
   * One start/stop at a time, until the screencast matches the wanted size. Chromium refuses a
   * start while the tab swaps renderers in a navigation ("Not attached to an active page"), and
   * would then send no frame at all: so a refused start is tried again shortly, until it takes
   * or the tab closes.
   */
  async function pump() {
    if (pumping) return;
    pumping = true;
    let retry = false;
    try {
      while (!stopped && !same(wanted, active)) {
        const target = wanted;
        if (active) {
          active = undefined;
          await session.send("Page.stopScreencast").catch(() => {});
        }
        if (target) {
          active = target;
          try {
            await session.send("Page.startScreencast", {
              format: "jpeg",
              quality,
              maxWidth: target.width,
              maxHeight: target.height,
              everyNthFrame: 1,
            });
            refusals = 0;
          } catch {
            active = undefined;
            retry = !page.isClosed() && ++refusals <= SCREENCAST_MAX_RETRIES;
            return;
          }
        }
      }
    } finally {
      pumping = false;
      if (retry && !stopped) setTimeout(() => void pump(), SCREENCAST_RETRY_MS).unref();
    }
  }

  return {
    want(size) {
      wanted = size ? { width: size.width, height: size.height } : undefined;
      refusals = 0;
      void pump();
    },
    active: () => active !== undefined,
    async stop() {
      stopped = true;
      const was = active;
      active = undefined;
      if (was) await session.send("Page.stopScreencast").catch(() => {});
    },
  };
}
