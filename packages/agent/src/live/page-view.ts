import type { BrowserContext, CDPSession, Page } from "playwright-core";
import { createScreencast } from "./screencast.ts";
import type { Size } from "./types.ts";
import { withTimeout } from "./with-timeout.ts";

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
export async function createPageView(
  context: BrowserContext,
  page: Page,
  events: PageViewEvents,
  quality: number,
): Promise<PageView | undefined> {
  const opening = open(context, page);
  const ready = await withTimeout(opening, OPEN_TIMEOUT_MS, undefined);
  if (!ready) {
    void opening.then((late) => late?.session.detach().catch(() => {}));
    return undefined;
  }
  const session = ready.session;
  const screencast = createScreencast(session, page, quality);
  let mainFrameId = ready.mainFrameId;
  let loading = false;
  let disposed = false;

  session.on("Page.screencastFrame", (event: FrameEvent) => {
    session.send("Page.screencastFrameAck", { sessionId: event.sessionId }).catch(() => {});
    if (!disposed && screencast.active()) events.onFrame(Buffer.from(event.data, "base64"));
  });
  const setLoading = (frameId: string, value: boolean) => {
    if (frameId !== mainFrameId || disposed) return;
    loading = value;
    events.onChange();
  };
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

  return {
    page,
    loading: () => loading,
    navigation: () => navigationOf(session, page),
    screencast: (size) => screencast.want(size),
    async mouse(params) {
      await session.send("Input.dispatchMouseEvent", params);
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      void screencast
        .stop()
        .then(() => session.detach())
        .catch(() => {});
    },
  };
}

async function navigationOf(session: CDPSession, page: Page): Promise<Navigation | undefined> {
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
}
