/**
 * Follows the browser's one event stream of a workspace (GET /api/v1/events, all of its runs) and
 * hands on what it hears as TabMessages. Runs in a worker (run-events-worker.ts) so a busy page
 * never delays the other tabs' events, or on the page itself where workers are not available.
 */

/** Between tabs: the stream's events as received (data is the raw JSON text), and "a tab here watches a run". */
export interface TabMessage {
  type: "step" | "run" | "ping" | "reread" | "watching";
  data?: string;
}

const RUN_EVENTS_CHANNEL = "errand-run-events";
/** Tabs share one stream per workspace: its lock and channel are named after it. */
export const runEventsChannel = (workspaceId: string | null) => `${RUN_EVENTS_CHANNEL}:${workspaceId ?? "personal"}`;

/** From the page to the stream's worker: whose stream to open (once), then "reopen". */
export type StreamCommand = { workspaceId: string | null } | "reopen";
const STREAM_URL = "/api/v1/events";
const REOPEN_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

export interface FollowedStream {
  /** Closes the stream and opens a new one (a connection can die without an error). */
  reopen(): void;
  close(): void;
}

/** The stream of one workspace's runs: the personal one (null), or a team's named in the query (EventSource sends no headers). */
export const streamUrl = (workspaceId: string | null) =>
  workspaceId ? `${STREAM_URL}?workspace=${encodeURIComponent(workspaceId)}` : STREAM_URL;

export function followRunEvents(hand: (message: TabMessage) => void, workspaceId: string | null): FollowedStream {
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;

  const close = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    source?.close();
    source = null;
  };
  const open = () => {
    close();
    const next = new EventSource(streamUrl(workspaceId));
    source = next;
    // Opened (again): whatever happened meanwhile was not heard, so every page reads its run.
    next.onopen = () => {
      failures = 0;
      hand({ type: "reread" });
    };
    for (const type of ["step", "run", "ping"] as const)
      next.addEventListener(type, (event) => hand({ type, data: (event as MessageEvent<string>).data }));
    next.addEventListener("resync", () => hand({ type: "reread" }));
    next.onerror = () => {
      // CONNECTING: the browser reconnects by itself (and `open` fires again). CLOSED: it gave
      // up (the server answered an error, e.g. 503 while the database is away): try later.
      if (next.readyState !== EventSource.CLOSED || source !== next) return;
      source = null;
      timer = setTimeout(open, REOPEN_MS[Math.min(failures++, REOPEN_MS.length - 1)]);
    };
  };
  open();
  return { reopen: open, close };
}
