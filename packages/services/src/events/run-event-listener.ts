import pg from "pg";
import type { Logger } from "../logging/logger.ts";
import { RUN_QUEUED_CHANNEL } from "../queue/run-queue.ts";
import { RUN_EVENTS_CHANNEL, type RunEvent } from "./run-events.ts";

/**
 * Sent to a run's subscribers when the listener has reconnected: events published while it was
 * away are lost (NOTIFY is not stored), so read the run again.
 */
export interface RunEventsResync {
  type: "resync";
  runId: string;
}

/** The same for a workspace's subscribers: any of its runs may have changed unheard. */
export interface AccountEventsResync {
  type: "resync";
}

export interface RunEventListener {
  /** Calls `handler` for each event of this run; returns the unsubscribe function. */
  subscribe(runId: string, handler: (event: RunEvent | RunEventsResync) => void): () => void;
  /** Calls `handler` for each event of this workspace's runs (the web app's one stream per browser). */
  subscribeWorkspace(workspaceId: string, handler: (event: RunEvent | AccountEventsResync) => void): () => void;
  /** Every event (the worker uses it to hear cancellations). */
  subscribeAll(handler: (event: RunEvent) => void): () => void;
  /** A run was queued, by any process (the worker wakes its idle slots). */
  subscribeQueued(handler: () => void): () => void;
  close(): Promise<void>;
}

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 10_000;
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * One dedicated connection LISTENs for run events on behalf of every SSE client and worker slot
 * of this process; events from any process (NOTIFY) reach all of them. A lost connection (the
 * database restarted or went away) is reconnected with backoff, by one loop at a time, and each
 * subscribed run (and workspace) then gets a `resync`.
 */
export async function createRunEventListener(url: string, log: Logger): Promise<RunEventListener> {
  const byRun = new Map<string, Set<(event: RunEvent | RunEventsResync) => void>>();
  const byWorkspace = new Map<string, Set<(event: RunEvent | AccountEventsResync) => void>>();
  const all = new Set<(event: RunEvent) => void>();
  const queued = new Set<() => void>();
  let client: pg.Client | undefined;
  let reconnecting = false;
  let closed = false;

  const dispatch = (payload: string | undefined) => {
    if (!payload) return;
    let event: RunEvent;
    try {
      event = JSON.parse(payload) as RunEvent;
    } catch {
      return;
    }
    for (const handler of byRun.get(event.runId) ?? []) handler(event);
    for (const handler of byWorkspace.get(event.workspaceId) ?? []) handler(event);
    for (const handler of all) handler(event);
  };

  // "error" and "end" may both come for one loss: only the current client's first one counts.
  const lost = (which: pg.Client, error?: Error) => {
    if (client !== which) return;
    client = undefined;
    void which.end().catch(() => undefined);
    log.warn("run event listener lost its connection; reconnecting", { error: error ?? "connection ended" });
    void reconnect();
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    next.on("notification", (message) => {
      if (message.channel === RUN_QUEUED_CHANNEL) for (const handler of queued) handler();
      else dispatch(message.payload);
    });
    next.on("error", (error) => lost(next, error));
    next.on("end", () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${RUN_EVENTS_CHANNEL}; LISTEN ${RUN_QUEUED_CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) return void (await next.end().catch(() => undefined));
    client = next;
  };

  const reconnect = async () => {
    if (reconnecting) return;
    reconnecting = true;
    for (let retryMs = FIRST_RETRY_MS; !closed && !client; retryMs = Math.min(retryMs * 2, MAX_RETRY_MS)) {
      await new Promise((resolve) => setTimeout(resolve, retryMs).unref());
      if (closed) break;
      await connect().catch(() => undefined);
    }
    reconnecting = false;
    if (!client) return;
    log.info("run event listener reconnected");
    for (const [runId, handlers] of byRun) for (const handler of handlers) handler({ type: "resync", runId });
    for (const handlers of byWorkspace.values()) for (const handler of handlers) handler({ type: "resync" });
  };

  await connect();
  return {
    subscribe: (runId, handler) => addTo(byRun, runId, handler),
    subscribeWorkspace: (workspaceId, handler) => addTo(byWorkspace, workspaceId, handler),
    subscribeAll(handler) {
      all.add(handler);
      return () => all.delete(handler);
    },
    subscribeQueued(handler) {
      queued.add(handler);
      return () => queued.delete(handler);
    },
    async close() {
      closed = true;
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}

/** Adds a handler under a key; the returned function removes it (and the key once empty). */
function addTo<H>(map: Map<string, Set<H>>, key: string, handler: H): () => void {
  const set = map.get(key) ?? new Set<H>();
  set.add(handler);
  map.set(key, set);
  return () => {
    set.delete(handler);
    if (set.size === 0) map.delete(key);
  };
}
