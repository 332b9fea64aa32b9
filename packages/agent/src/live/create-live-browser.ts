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
import { DEFAULT_VIEWPORT } from "../browser/types.ts";
import { createPageInput } from "./page-input.ts";
import type { PageInput } from "./page-input.ts";
import { createPageView } from "./page-view.ts";
import type { PageView, Size } from "./page-view.ts";
import { followTabs } from "./tab-follower.ts";
import { createStateReporter } from "./state-reporter.ts";
import type { StateMessage } from "./state-reporter.ts";
import type { LiveAttachment, LiveBrowser, LiveBrowserOptions, LiveViewer } from "./types.ts";
import { createViewerHub } from "./viewer-hub.ts";
import type { ViewerSlot } from "./viewer-hub.ts";
import { withTimeout } from "./with-timeout.ts";

const INPUT_TIMEOUT_MS = 5_000;
const TITLE_POLL_MS = 1_000;

/**
 * The shown tab. Its DevTools session (the view) and input open when first needed, that is once
 * someone watches: a run nobody watches costs the browser no session and no events.
 */
interface Shown {
  page: Page;
  view(): Promise<PageView | undefined>;
  input(): Promise<PageInput | undefined>;
  /** The view or input if opened already, else undefined. */
  openedView(): Promise<PageView | undefined> | undefined;
  openedInput(): Promise<PageInput | undefined> | undefined;
}

export async function createLiveBrowser(context: BrowserContext, options: LiveBrowserOptions): Promise<LiveBrowser> {
  const quality = options.jpegQuality ?? 70;
  let interactive = options.interactive;
  let ended: { reason: LiveEndReason; message: string } | undefined;
  let shown: Shown | undefined;
  let lastViewport: Size = DEFAULT_VIEWPORT;
  let inputQueue: Promise<void> = Promise.resolve();
  let titlePoll: NodeJS.Timeout | undefined;
  const hub = createViewerHub();
  const states = createStateReporter(hub, computeState);

  function viewportOf(page: Page): Size {
    const size = page.viewportSize();
    if (size) lastViewport = size;
    return lastViewport;
  }

  async function computeState(): Promise<StateMessage> {
    const entry = shown;
    const base = { type: "state" as const, interactive, viewport: entry ? viewportOf(entry.page) : lastViewport };
    // Nobody to tell: a state is not worth opening the tab's session for.
    if (entry && hub.size() === 0 && !entry.openedView()) return { ...base, url: entry.page.url(), title: "", canGoBack: false, canGoForward: false, loading: false };
    const view = entry && !entry.page.isClosed() ? await entry.view() : undefined;
    const nav = view ? await view.navigation() : undefined;
    if (!entry || !view) return { ...base, url: "about:blank", title: "", canGoBack: false, canGoForward: false, loading: false };
    return { ...base, url: nav?.url ?? entry.page.url(), title: nav?.title ?? "", canGoBack: nav?.canGoBack ?? false, canGoForward: nav?.canGoForward ?? false, loading: view.loading() };
  }

  /** Screencast the shown tab while anyone watches, at the tab's viewport size. */
  function syncScreencast() {
    const entry = shown;
    if (!entry || (hub.size() === 0 && !entry.openedView())) return;
    void entry.view().then((view) => {
      if (shown === entry && view) view.screencast(hub.size() > 0 && !ended ? viewportOf(entry.page) : undefined);
    });
  }

  function show(page: Page | undefined) {
    const old = shown;
    shown = undefined;
    hub.forgetFrame();
    if (old) retire(old);
    if (page && !ended) {
      shown = shownTab(page);
      syncScreencast();
    }
    states.request({ force: true });
  }

  function shownTab(page: Page): Shown {
    let view: Promise<PageView | undefined> | undefined;
    let input: Promise<PageInput | undefined> | undefined;
    const openView = () =>
      (view ??= createPageView(
        context,
        page,
        {
          onFrame: (jpeg) => {
            if (shown?.page === page) hub.frame(jpeg, viewportOf(page));
          },
          onChange: () => {
            if (shown?.page === page) states.request();
          },
        },
        quality,
      ));
    return {
      page,
      view: openView,
      input: () => (input ??= openView().then((v) => v && createPageInput(page, v, { policy: options.policy, resizable: options.resizable ?? true, afterResize }))),
      openedView: () => view,
      openedInput: () => input,
    };
  }

  function afterResize() {
    syncScreencast();
    states.request();
  }

  /** Runs input strictly in order; a step that hangs is given up after a while. */
  function enqueue(step: () => Promise<void>): Promise<void> {
    const run = inputQueue.then(() => withTimeout(step(), INPUT_TIMEOUT_MS, undefined)).catch(() => {});
    inputQueue = run;
    return run;
  }

  function releaseInput(entry = shown) {
    const input = entry?.openedInput();
    if (input) void enqueue(async () => (await input)?.release());
  }

  /** A tab no longer shown: let go of what the viewers held in it, then close its DevTools session. */
  function retire(entry: Shown) {
    releaseInput(entry);
    void inputQueue.then(() => entry.openedView()).then((view) => view?.dispose());
  }

  function updateTitlePoll() {
    if (hub.size() > 0 && !ended && !titlePoll) {
      // document.title changes do not repaint, so no frame tells about them.
      titlePoll = setInterval(() => states.request(), TITLE_POLL_MS);
      titlePoll.unref();
    } else if ((hub.size() === 0 || ended) && titlePoll) {
      clearInterval(titlePoll);
      titlePoll = undefined;
    }
  }

  /** Applies input accepted while interactive (checked on arrival: a hand-back does not drop it). */
  async function apply(slot: ViewerSlot, message: Exclude<ViewerMessage, { type: "ping" }>) {
    const entry = shown;
    if (ended || !entry) return;
    const input = await entry.input();
    if (!input || shown !== entry) return;
    await input.apply(message, (notice) => hub.send(slot, { type: "notice", message: notice }));
  }

  const tabs = followTabs(context, show);

  return {
    attach(viewer: LiveViewer): LiveAttachment {
      if (ended) {
        const { reason, message } = ended;
        try {
          viewer.sendJson({ type: "ended", reason, message });
        } catch {
          // gone already
        }
        return { receive: async () => {}, detach: () => {} };
      }
      const slot = hub.add(viewer);
      states.request({ slot });
      syncScreencast();
      updateTitlePoll();
      let detached = false;
      return {
        async receive(message) {
          if (detached || ended) return;
          try {
            if (message.type === "ping") return hub.send(slot, { type: "pong", t: message.t });
            options.onActivity?.();
            if (interactive) await enqueue(() => apply(slot, message));
          } catch {
            // never throws
          }
        },
        detach() {
          if (detached) return;
          detached = true;
          if (!hub.remove(slot) || hub.size() > 0) return;
          syncScreencast();
          updateTitlePoll();
          releaseInput();
        },
      };
    },
    setInteractive(value) {
      interactive = value;
      if (!value) releaseInput();
      states.request({ force: true });
      return inputQueue;
    },
    notice(message) {
      if (!ended) hub.broadcast({ type: "notice", message });
    },
    end(reason, message) {
      if (ended) return;
      ended = { reason, message };
      hub.broadcast({ type: "ended", reason, message });
      hub.clear();
      updateTitlePoll();
      tabs.stop();
      if (shown) retire(shown);
      shown = undefined;
    },
    page: () => tabs.current(),
    viewerCount: () => hub.size(),
  };
}
