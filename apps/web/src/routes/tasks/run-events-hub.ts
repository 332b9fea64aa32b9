/**
 * One live event stream per browser, shared by every page that shows a pending run.
 *
 * A browser opens at most 6 HTTP/1.1 connections to our host for all its tabs, and an open
 * stream holds one as long as it lasts: with a stream per run page, six pages of running runs
 * left none for a seventh (not even for its API requests), which stayed "Pending" until one of
 * those runs ended. So one tab (the holder of a Web Lock) opens GET /api/v1/events, the stream of
 * all the person's runs, in a worker (run-events-worker.ts) that passes what it hears to every
 * tab on a BroadcastChannel. The tab keeps the stream while other tabs still watch runs (they say
 * so every few seconds), so it does not change hands at every run's end; when the tab closes, the
 * lock goes to another tab watching a run, which opens the stream.
 *
 * The stream has no replay, so a page reads its run again (`reread`) when it starts watching,
 * whenever the stream (re)opens, when the server says events were missed (`resync`), and when
 * nothing (not even the 15 s ping) was heard for SILENCE_MS; the tab holding the stream then
 * also reopens it (a connection can die without an error, e.g. behind a proxy), and the pages
 * are told the stream is not live (`health`) so they poll until it is heard again.
 */

import { currentWorkspaceId, subscribeToWorkspace } from "../../workspaces/current-workspace";
import { followRunEvents, runEventsChannel, type FollowedStream, type StreamCommand, type TabMessage } from "./run-events-source";

export type RunStreamMessage =
  | { type: "step"; data: unknown }
  | { type: "run"; data: unknown }
  /** Read the run again: something may have been missed. */
  | { type: "reread" }
  /** The stream went silent (live false: poll meanwhile) or was heard again. */
  | { type: "health"; live: boolean };

type Listener = (message: RunStreamMessage) => void;

/** Twice the server's ping interval (15 s) minus a little: a healthy stream is never this quiet. */
const SILENCE_MS = 25_000;
const TICK_MS = 5_000;
/** A watching tab says so every tick; the stream's holder keeps it this long after the last word. */
const OTHERS_WATCHING_MS = 12_000;

const watchers = new Map<string, Set<Listener>>();
let running = false;
let leading = false;
let channel: BroadcastChannel | null = null;
/** The stream this tab holds: in a worker, or on the page (no workers, or no sharing). */
let worker: Worker | null = null;
let stream: FollowedStream | null = null;
let releaseLock: (() => void) | null = null;
let lockRequest: AbortController | null = null;
let ticker: ReturnType<typeof setInterval> | null = null;
let lastHeard = 0;
let othersWatchingAt = 0;
let silent = false;
/** The workspace whose runs this tab's stream follows (null: personal). */
let streamWorkspace: string | null = null;

// Switching workspaces follows the other workspace's stream: another lock, channel and URL.
subscribeToWorkspace(() => {
  if (!running || currentWorkspaceId() === streamWorkspace) return;
  stop();
  if (watchers.size > 0) start();
});

/** False where the browser has no EventSource: the page polls instead. */
export function canFollowRuns(): boolean {
  return typeof EventSource !== "undefined";
}

/**
 * Follows one run: `listener` gets its steps and run as they happen, and `reread` when it should
 * read the run again (at once, too: events before this call were not seen). Returns the stop.
 */
export function watchRunEvents(runId: string, listener: Listener): () => void {
  const set = watchers.get(runId) ?? new Set<Listener>();
  set.add(listener);
  watchers.set(runId, set);
  if (!running) start();
  channel?.postMessage({ type: "watching" } satisfies TabMessage);
  queueMicrotask(() => {
    if (!set.has(listener)) return;
    if (silent) listener({ type: "health", live: false });
    listener({ type: "reread" });
  });
  return () => {
    set.delete(listener);
    if (set.size === 0) watchers.delete(runId);
    stopWhenUnneeded();
  };
}

function start() {
  running = true;
  streamWorkspace = currentWorkspaceId();
  lastHeard = Date.now();
  silent = false;
  ticker = setInterval(tick, TICK_MS);
  const shared = typeof BroadcastChannel !== "undefined" && typeof navigator !== "undefined" && "locks" in navigator;
  if (!shared) return void followOnPage(); // an older browser: each tab has its own stream
  channel = new BroadcastChannel(runEventsChannel(streamWorkspace));
  channel.onmessage = (event: MessageEvent<TabMessage>) => heard(event.data, false);
  const request = new AbortController();
  lockRequest = request;
  // Granted when no other tab holds the stream; held until this tab no longer needs it or closes.
  navigator.locks
    .request(runEventsChannel(streamWorkspace), { signal: request.signal }, () => {
      if (lockRequest !== request) return; // granted just as this tab stopped watching
      lockRequest = null;
      leading = true;
      followInWorker();
      return new Promise<void>((resolve) => (releaseLock = resolve));
    })
    .catch(() => undefined); // aborted: this tab stopped watching before its turn
}

/** Stops when this tab watches nothing, unless it holds the stream and other tabs still watch. */
function stopWhenUnneeded() {
  if (!running || watchers.size > 0) return;
  if (leading && Date.now() - othersWatchingAt < OTHERS_WATCHING_MS) return;
  stop();
}

function stop() {
  running = leading = false;
  if (ticker) clearInterval(ticker);
  ticker = null;
  worker?.terminate();
  worker = null;
  stream?.close();
  stream = null;
  releaseLock?.();
  releaseLock = null;
  lockRequest?.abort();
  lockRequest = null;
  channel?.close();
  channel = null;
}

/** The worker's events reach this page on the channel, like every other tab's. */
function followInWorker() {
  try {
    worker = new Worker(new URL("./run-events-worker.ts", import.meta.url), { type: "module" });
  } catch {
    return followOnPage();
  }
  worker.postMessage({ workspaceId: streamWorkspace } satisfies StreamCommand);
  // The worker says only "unsupported" (no EventSource in workers here), or fails to load.
  const onPageInstead = () => {
    worker?.terminate();
    worker = null;
    followOnPage();
  };
  worker.onmessage = onPageInstead;
  worker.onerror = onPageInstead;
}

function followOnPage() {
  leading = true;
  stream = followRunEvents((message) => heard(message, true), streamWorkspace);
}

/** A message from this tab's stream (`mine`: passed on to the other tabs) or from another tab. */
function heard(message: TabMessage, mine: boolean) {
  if (message.type === "watching") return void (othersWatchingAt = Date.now());
  lastHeard = Date.now();
  if (mine) channel?.postMessage(message);
  if (silent) {
    silent = false;
    toAll({ type: "health", live: true });
  }
  if (message.type === "reread") return toAll({ type: "reread" });
  if (message.type === "ping") return;
  let data: { id?: unknown; task_run_id?: unknown };
  try {
    data = JSON.parse(message.data ?? "") as typeof data;
  } catch {
    return;
  }
  const runId = message.type === "step" ? data.task_run_id : data.id;
  if (typeof runId !== "string") return;
  for (const listener of watchers.get(runId) ?? []) listener({ type: message.type, data });
}

function toAll(message: RunStreamMessage) {
  for (const set of watchers.values()) for (const listener of set) listener(message);
}

/**
 * Every few seconds: say this tab watches, let the stream go once nobody needs it, and when
 * nothing was heard for too long, have every page read its run again and reopen the stream.
 */
function tick() {
  if (watchers.size > 0) channel?.postMessage({ type: "watching" } satisfies TabMessage);
  stopWhenUnneeded();
  if (!running || Date.now() - lastHeard < SILENCE_MS) return;
  lastHeard = Date.now();
  if (!silent) {
    silent = true;
    toAll({ type: "health", live: false });
  }
  toAll({ type: "reread" });
  worker?.postMessage("reopen" satisfies StreamCommand);
  stream?.reopen();
}
