/**
 * The live browser: remote viewers watch (and, when allowed, use) a BrowserContext's tab.
 *
 * Frames come from the DevTools screencast (Page.startScreencast) rather than screenshots in a
 * loop: Chromium sends a JPEG only when the page repainted, so a static page costs nothing and
 * an animated one streams at the compositor's pace. Frames are acknowledged at once and fanned
 * out to every viewer; a viewer whose socket has more than ~1 MB queued skips frames and gets
 * the newest one once it has drained (see viewer-hub.ts), so one slow viewer never slows the
 * others or the browser. The screencast runs only while at least one viewer is attached; each
 * start yields a frame at once, and later viewers get the newest frame on attach.
 *
 * One tab is shown: the newest open one. A tab opened by the page (window.open, target=_blank)
 * takes over the screencast; when the shown tab closes, the most recent still-open tab is shown.
 *
 * Viewer input is applied in order, one message at a time (each bounded by a timeout, so a hung
 * page cannot stall the queue), and only while interactive. Nothing here throws out of event
 * handlers: tabs close at any moment.
 */
import type { LiveEndReason, ViewerMessage } from "@errand/contract";
import type { BrowserContext, Page } from "playwright-core";
import { createInputQueue } from "./input-queue.ts";
import type { InputQueue } from "./input-queue.ts";
import { shownTab } from "./shown-tab.ts";
import type { Shown } from "./shown-tab.ts";
import { createStateReporter } from "./state-reporter.ts";
import type { StateMessage } from "./state-reporter.ts";
import { followTabs } from "./tab-follower.ts";
import type { LiveAttachment, LiveBrowser, LiveBrowserOptions, LiveViewer, Size } from "./types.ts";
import { createViewerHub } from "./viewer-hub.ts";
import type { ViewerHub, ViewerSlot } from "./viewer-hub.ts";
import { DEFAULT_VIEWPORT } from "../browser/create-browser-manager.ts";

const INPUT_TIMEOUT_MS = 5_000;
const TITLE_POLL_MS = 1_000;

/** One live browser's state; the parts below read and change it. */
interface Live {
  context: BrowserContext;
  options: LiveBrowserOptions;
  interactive: boolean;
  ended?: { reason: LiveEndReason; message: string };
  shown?: Shown;
  lastViewport: Size;
  hub: ViewerHub;
  states: ReturnType<typeof createStateReporter>;
  input: InputQueue;
  titlePoll?: NodeJS.Timeout;
}

export async function createLiveBrowser(context: BrowserContext, options: LiveBrowserOptions): Promise<LiveBrowser> {
  const hub = createViewerHub();
  const live: Live = {
    context,
    options,
    interactive: options.interactive,
    lastViewport: DEFAULT_VIEWPORT,
    hub,
    states: createStateReporter(hub, () => computeState(live)),
    input: createInputQueue(INPUT_TIMEOUT_MS),
  };
  const tabs = followTabs(context, (page) => show(live, page));
  return {
    attach: (viewer) => attachViewer(live, viewer),
    setInteractive(value) {
      live.interactive = value;
      if (!value) releaseInput(live);
      live.states.request({ force: true });
      return live.input.idle();
    },
    notice(message) {
      if (!live.ended) hub.broadcast({ type: "notice", message });
    },
    end(reason, message) {
      if (live.ended) return;
      live.ended = { reason, message };
      hub.broadcast({ type: "ended", reason, message });
      hub.clear();
      updateTitlePoll(live);
      tabs.stop();
      if (live.shown) retire(live, live.shown);
      live.shown = undefined;
    },
    page: () => tabs.current(),
    viewerCount: () => hub.size(),
  };
}

function viewportOf(live: Live, page: Page): Size {
  const size = page.viewportSize();
  if (size) live.lastViewport = size;
  return live.lastViewport;
}

async function computeState(live: Live): Promise<StateMessage> {
  const entry = live.shown;
  const base = {
    type: "state" as const,
    interactive: live.interactive,
    viewport: entry ? viewportOf(live, entry.page) : live.lastViewport,
  };
  // Nobody to tell: a state is not worth opening the tab's session for.
  if (entry && live.hub.size() === 0 && !entry.openedView())
    return { ...base, url: entry.page.url(), title: "", canGoBack: false, canGoForward: false, loading: false };
  const view = entry && !entry.page.isClosed() ? await entry.view() : undefined;
  const nav = view ? await view.navigation() : undefined;
  if (!entry || !view) return { ...base, url: "about:blank", title: "", canGoBack: false, canGoForward: false, loading: false };
  return {
    ...base,
    url: nav?.url ?? entry.page.url(),
    title: nav?.title ?? "",
    canGoBack: nav?.canGoBack ?? false,
    canGoForward: nav?.canGoForward ?? false,
    loading: view.loading(),
  };
}

/** Screencast the shown tab while anyone watches, at the tab's viewport size. */
function syncScreencast(live: Live) {
  const entry = live.shown;
  if (!entry || (live.hub.size() === 0 && !entry.openedView())) return;
  void entry.view().then((view) => {
    if (live.shown === entry && view) view.screencast(live.hub.size() > 0 && !live.ended ? viewportOf(live, entry.page) : undefined);
  });
}

function show(live: Live, page: Page | undefined) {
  const old = live.shown;
  live.shown = undefined;
  live.hub.forgetFrame();
  if (old) retire(live, old);
  if (page && !live.ended) {
    live.shown = shownTab(page, {
      context: live.context,
      quality: live.options.jpegQuality ?? 70,
      policy: live.options.policy,
      resizable: live.options.resizable ?? true,
      onFrame: (tab, jpeg) => {
        if (live.shown?.page === tab) live.hub.frame(jpeg, viewportOf(live, tab));
      },
      onChange: (tab) => {
        if (live.shown?.page === tab) live.states.request();
      },
      afterResize: () => {
        syncScreencast(live);
        live.states.request();
      },
    });
    syncScreencast(live);
  }
  live.states.request({ force: true });
}

function releaseInput(live: Live, entry = live.shown) {
  const input = entry?.openedInput();
  if (input) void live.input.enqueue(async () => (await input)?.release());
}

/** A tab no longer shown: let go of what the viewers held in it, then close its DevTools session. */
function retire(live: Live, entry: Shown) {
  releaseInput(live, entry);
  void live.input
    .idle()
    .then(() => entry.openedView())
    .then((view) => view?.dispose());
}

function updateTitlePoll(live: Live) {
  if (live.hub.size() > 0 && !live.ended && !live.titlePoll) {
    // document.title changes do not repaint, so no frame tells about them.
    live.titlePoll = setInterval(() => live.states.request(), TITLE_POLL_MS);
    live.titlePoll.unref();
  } else if ((live.hub.size() === 0 || live.ended) && live.titlePoll) {
    clearInterval(live.titlePoll);
    live.titlePoll = undefined;
  }
}

/** Applies input accepted while interactive (checked on arrival: a hand-back does not drop it). */
async function apply(live: Live, slot: ViewerSlot, message: Exclude<ViewerMessage, { type: "ping" }>) {
  const entry = live.shown;
  if (live.ended || !entry) return;
  const input = await entry.input();
  if (!input || live.shown !== entry) return;
  await input.apply(message, (notice) => live.hub.send(slot, { type: "notice", message: notice }));
}

function attachViewer(live: Live, viewer: LiveViewer): LiveAttachment {
  const { hub } = live;
  if (live.ended) {
    const { reason, message } = live.ended;
    try {
      viewer.sendJson({ type: "ended", reason, message });
    } catch {
      // gone already
    }
    return { receive: async () => {}, detach: () => {} };
  }
  const slot = hub.add(viewer);
  live.states.request({ slot });
  syncScreencast(live);
  updateTitlePoll(live);
  let detached = false;
  return {
    async receive(message) {
      if (detached || live.ended) return;
      try {
        if (message.type === "ping") return hub.send(slot, { type: "pong", t: message.t });
        live.options.onActivity?.();
        if (live.interactive) await live.input.enqueue(() => apply(live, slot, message));
      } catch {
        // never throws
      }
    },
    detach() {
      if (detached) return;
      detached = true;
      if (!hub.remove(slot) || hub.size() > 0) return;
      syncScreencast(live);
      updateTitlePoll(live);
      releaseInput(live);
    },
  };
}
