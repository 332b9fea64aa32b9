import type { LiveServerMessage } from "@errand/contract";
import "./viewer.css";
import { CanvasView } from "./canvas-view.ts";
import { closeOutcome, END_TEXT, LiveConnection, readToken, socketUrl } from "./connection.ts";
import { clampViewport } from "./geometry.ts";
import { InputCapture } from "./input-capture.ts";
import { tellParent } from "./parent-link.ts";
import { SoftKeyboard } from "./soft-keyboard.ts";
import { FpsCounter, type LiveStats } from "./stats.ts";
import { Toolbar } from "./toolbar.ts";

declare global {
  interface Window {
    /** Read by the e2e tests and the benchmark. */
    __liveStats: LiveStats;
  }
}

type PageState = Extract<LiveServerMessage, { type: "state" }>;

const PING_MS = 2000;
const RESIZE_DEBOUNCE_MS = 250;
const NOTICE_MS = 4000;

function el<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`live viewer: #${id} is missing`);
  return found as T;
}

const canvas = el<HTMLCanvasElement>("lv-canvas");
const stage = el<HTMLElement>("lv-stage");
const statusBox = el<HTMLElement>("lv-status");
const statusText = el<HTMLElement>("lv-status-text");
const loadingBar = el<HTMLElement>("lv-loading");
const watchingPill = el<HTMLElement>("lv-watching");
const connectingBox = el<HTMLElement>("lv-connecting");
const noticeBox = el<HTMLElement>("lv-notice");
const endedBox = el<HTMLElement>("lv-ended");
const endedText = el<HTMLElement>("lv-ended-text");
const reconnectButton = el<HTMLButtonElement>("lv-reconnect");
const statsLine = el<HTMLElement>("lv-stats");

const stats: LiveStats = { frames: 0, lastRtt: null, fps: 0 };
window.__liveStats = stats;
const showStats = new URLSearchParams(location.search).has("stats");
statsLine.hidden = !showStats;
const fpsCounter = new FpsCounter();
let lastFrameBytes = 0;

const token = readToken(location.hash);
let connection: LiveConnection | null = null;
let page: PageState | null = null;
let ended = false;
let firstFrameDrawn = false;
let lastResize: { width: number; height: number } | null = null;
let pingTimer = 0;
let resizeTimer = 0;
let noticeTimer = 0;

const enabled = (): boolean => !ended && page?.interactive === true && connection?.isOpen === true;
const send: LiveConnection["send"] = (message) => connection?.send(message);

const view = new CanvasView(canvas, stage, (bytes) => {
  stats.frames++;
  lastFrameBytes = bytes;
  fpsCounter.add(performance.now());
  stats.fps = fpsCounter.fps(performance.now());
  firstFrameDrawn = true;
  connectingBox.hidden = true;
  if (!ended && statusBox.dataset.status === "connecting") setStatus("live");
  renderStats();
});

const keyboard = new SoftKeyboard(
  { button: el<HTMLButtonElement>("lv-keyboard"), field: el<HTMLTextAreaElement>("lv-type"), canvas },
  { enabled, send },
);

const input = new InputCapture({
  canvas,
  enabled,
  keepFocus: (pointerType) => keyboard.keepsFocus(pointerType),
  viewport: () => page?.viewport ?? (canvas.width ? { width: canvas.width, height: canvas.height } : null),
  send,
});

const toolbar = new Toolbar(
  {
    back: el<HTMLButtonElement>("lv-back"),
    forward: el<HTMLButtonElement>("lv-forward"),
    reload: el<HTMLButtonElement>("lv-reload"),
    form: el<HTMLFormElement>("lv-address-form"),
    address: el<HTMLInputElement>("lv-address"),
  },
  { enabled, send, afterNavigate: () => canvas.focus({ preventScroll: true }) },
);

function setStatus(status: "connecting" | "live" | "ended"): void {
  statusBox.dataset.status = status;
  statusText.textContent = status === "connecting" ? "Connecting…" : status === "live" ? "Live" : "Ended";
}

function renderPage(): void {
  const interactive = enabled();
  toolbar.update({
    url: page?.url ?? "",
    canGoBack: page?.canGoBack ?? false,
    canGoForward: page?.canGoForward ?? false,
    enabled: interactive,
  });
  loadingBar.hidden = ended || !page?.loading;
  // Said to assistive technology (and waited on by a person before typing): keys sent while the
  // page still loads may reach it before its fields exist.
  canvas.setAttribute("aria-busy", String(!loadingBar.hidden));
  watchingPill.hidden = ended || !page || page.interactive;
  canvas.dataset.interactive = String(interactive);
  keyboard.update(interactive);
}

function renderStats(): void {
  if (!showStats) return;
  const rtt = stats.lastRtt === null ? "–" : `${Math.round(stats.lastRtt)} ms`;
  statsLine.textContent = `${stats.fps} fps · rtt ${rtt} · ${(lastFrameBytes / 1024).toFixed(1)} KB/frame`;
}

/** Asks the remote viewport to match the stage, when interactive and the size changed. */
function sendResize(): void {
  if (!enabled()) return;
  const size = clampViewport(stage.clientWidth, stage.clientHeight);
  if (lastResize && lastResize.width === size.width && lastResize.height === size.height) return;
  lastResize = size;
  send({ type: "resize", ...size });
}

function showNotice(message: string): void {
  noticeBox.textContent = message;
  noticeBox.classList.add("is-shown");
  clearTimeout(noticeTimer);
  noticeTimer = window.setTimeout(() => {
    noticeBox.classList.remove("is-shown");
    noticeBox.textContent = "";
  }, NOTICE_MS);
}

function onMessage(message: LiveServerMessage): void {
  tellParent(message);
  switch (message.type) {
    case "state": {
      const before = page;
      page = message;
      renderPage();
      if (!before || (!before.interactive && message.interactive)) sendResize();
      if (!message.interactive) input.reset();
      break;
    }
    case "notice":
      showNotice(message.message);
      break;
    case "pong":
      stats.lastRtt = Math.round((performance.now() - message.t) * 10) / 10;
      renderStats();
      break;
    case "ended":
      end(message.message, false);
      break;
    case "frame":
      // The next binary message is the frame; its size is read from the image itself.
      break;
  }
}

function connect(retry: boolean): void {
  if (!token) return;
  ended = false;
  page = null;
  lastResize = null;
  endedBox.hidden = true;
  connectingBox.hidden = firstFrameDrawn;
  setStatus("connecting");
  renderPage();
  connection = new LiveConnection(socketUrl(location, token), {
    onOpen: () => {
      pingTimer = window.setInterval(() => send({ type: "ping", t: performance.now() }), PING_MS);
      send({ type: "ping", t: performance.now() });
    },
    onMessage,
    onFrame: (data) => {
      if (!ended) view.push(data);
    },
    onClose: (code, received) => {
      const outcome = closeOutcome(code, retry, received);
      end(outcome.message, outcome.canReconnect);
    },
  });
}

/** Stops everything and shows the ended panel over the dimmed last frame. */
function end(message: string, canReconnect: boolean): void {
  if (ended) return;
  input.releaseKeys();
  ended = true;
  connection?.close();
  clearInterval(pingTimer);
  clearTimeout(resizeTimer);
  input.reset();
  stats.fps = 0;
  setStatus("ended");
  renderPage();
  renderStats();
  connectingBox.hidden = true;
  endedText.textContent = message;
  reconnectButton.hidden = !canReconnect;
  endedBox.hidden = false;
  if (canReconnect && document.activeElement === canvas) reconnectButton.focus();
}

reconnectButton.addEventListener("click", () => connect(true));

new ResizeObserver(() => {
  view.layout();
  clearTimeout(resizeTimer);
  resizeTimer = window.setTimeout(sendResize, RESIZE_DEBOUNCE_MS);
}).observe(stage);

// fps counts the frames of the last second, so it falls to 0 when frames stop.
window.setInterval(() => {
  const fps = ended ? 0 : fpsCounter.fps(performance.now());
  if (fps !== stats.fps) {
    stats.fps = fps;
    renderStats();
  }
}, 1000);

if (token) connect(false);
else end(END_TEXT.incomplete, false);
