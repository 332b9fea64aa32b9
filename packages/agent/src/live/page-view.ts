import type { BrowserContext, CDPSession, Page } from "playwright-core";
import { withTimeout } from "./with-timeout.ts";

export interface Size {
  width: number;
  height: number;
}

export interface Navigation {
  url: string;
  title: string;
  canGoBack: boolean;
  canGoForward: boolean;
}

export interface MouseEventParams {
  type: "mousePressed" | "mouseReleased" | "mouseMoved" | "mouseWheel";
  x: number;
  y: number;
  button?: "none" | "left" | "middle" | "right";
  buttons?: number;
  clickCount?: number;
  modifiers?: number;
  deltaX?: number;
  deltaY?: number;
}

export interface PageViewEvents {
  /** A screencast frame (JPEG), already acknowledged. */
  onFrame(jpeg: Buffer): void;
  /** The main frame started or stopped loading, or navigated (also within the document). */
  onChange(): void;
}

/** The DevTools side of one shown tab: its screencast, loading state, history and raw mouse input. */
export interface PageView {
  readonly page: Page;
  loading(): boolean;
  /** The committed history entry and whether back/forward can go anywhere; undefined when the page is gone. */
  navigation(): Promise<Navigation | undefined>;
  /** Screencast at most this size (a frame follows at once), or none with undefined. Restarts when the size changes. */
  screencast(size: Size | undefined): void;
  mouse(params: MouseEventParams): Promise<void>;
  dispose(): void;
}

interface FrameEvent {
  data: string;
  sessionId: number;
}

const OPEN_TIMEOUT_MS = 10_000;
/** Wait before starting the screencast again after Chromium refused (the tab was mid-navigation). */
export const SCREENCAST_RETRY_MS = 100;
/** A navigation commits within well under this many tries; past it the session is broken, not busy. */
const SCREENCAST_MAX_RETRIES = 50;

async function open(context: BrowserContext, page: Page): Promise<{ session: CDPSession; mainFrameId: string } | undefined> {
  let session: CDPSession | undefined;
  try {
    session = await context.newCDPSession(page);
    await session.send("Page.enable");
    return { session, mainFrameId: (await session.send("Page.getFrameTree")).frameTree.frame.id };
  } catch {
    await session?.detach().catch(() => {});
    return undefined;
  }
}

/** Opens a CDP session on the page; undefined when the page closed first. */
export async function createPageView(context: BrowserContext, page: Page, events: PageViewEvents, quality: number): Promise<PageView | undefined> {
  const opening = open(context, page);
  const ready = await withTimeout(opening, OPEN_TIMEOUT_MS, undefined);
  if (!ready) {
    void opening.then((late) => late?.session.detach().catch(() => {}));
    return undefined;
  }
  const session = ready.session;
  let mainFrameId = ready.mainFrameId;
  let loading = false;
  let disposed = false;
  let wanted: Size | undefined;
  let active: Size | undefined;
  let pumping = false;
  let refusals = 0;

  const onFrame = (event: FrameEvent) => {
    session.send("Page.screencastFrameAck", { sessionId: event.sessionId }).catch(() => {});
    if (!disposed && active) events.onFrame(Buffer.from(event.data, "base64"));
  };
  const setLoading = (frameId: string, value: boolean) => {
    if (frameId !== mainFrameId || disposed) return;
    loading = value;
    events.onChange();
  };
  session.on("Page.screencastFrame", onFrame);
  session.on("Page.frameStartedLoading", (e) => setLoading(e.frameId, true));
  session.on("Page.frameStoppedLoading", (e) => setLoading(e.frameId, false));
  session.on("Page.frameNavigated", (e) => {
    if (e.frame.parentId || disposed) return;
    mainFrameId = e.frame.id;
    events.onChange();
  });
  session.on("Page.navigatedWithinDocument", (e) => {
    if (e.frameId === mainFrameId && !disposed) events.onChange();
  });

  const same = (a: Size | undefined, b: Size | undefined) => a?.width === b?.width && a?.height === b?.height;

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
      while (!disposed && !same(wanted, active)) {
        const target = wanted;
        if (active) {
          active = undefined;
          await session.send("Page.stopScreencast").catch(() => {});
        }
        if (target) {
          active = target;
          try {
            await session.send("Page.startScreencast", { format: "jpeg", quality, maxWidth: target.width, maxHeight: target.height, everyNthFrame: 1 });
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
      if (retry && !disposed) setTimeout(() => void pump(), SCREENCAST_RETRY_MS).unref();
    }
  }

  return {
    page,
    loading: () => loading,
    async navigation() {
      try {
        const history = await session.send("Page.getNavigationHistory");
        const entry = history.entries[history.currentIndex];
        return {
          url: entry?.url ?? page.url(),
          title: entry?.title ?? "",
          // A new tab's first entry is its initial about:blank: not worth going back to.
          canGoBack: history.entries.slice(0, history.currentIndex).some((e) => e.url !== "about:blank"),
          canGoForward: history.currentIndex < history.entries.length - 1,
        };
      } catch {
        return undefined;
      }
    },
    screencast(size) {
      wanted = size ? { width: size.width, height: size.height } : undefined;
      refusals = 0;
      void pump();
    },
    async mouse(params) {
      await session.send("Input.dispatchMouseEvent", params);
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      const stop = active ? session.send("Page.stopScreencast").catch(() => {}) : Promise.resolve();
      active = undefined;
      void stop.then(() => session.detach()).catch(() => {});
    },
  };
}
