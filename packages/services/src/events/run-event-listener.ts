import pg from "pg";
import type { Logger } from "../lib/logger.ts";
import { RUN_EVENTS_CHANNEL, type RunEvent } from "./run-events.ts";

export interface RunEventListener {
  /** Calls `handler` for each event of this run; returns the unsubscribe function. */
  subscribe(runId: string, handler: (event: RunEvent) => void): () => void;
  /** Every event (the worker uses it to hear cancellations). */
  subscribeAll(handler: (event: RunEvent) => void): () => void;
  close(): Promise<void>;
}

/**
 * One dedicated connection LISTENs for run events on behalf of every SSE client and worker slot
 * of this process; events from any process (NOTIFY) reach all of them. Reconnects with backoff.
 */
export async function createRunEventListener(url: string, log: Logger): Promise<RunEventListener> {
  const byRun = new Map<string, Set<(event: RunEvent) => void>>();
  const all = new Set<(event: RunEvent) => void>();
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = 250;

  const dispatch = (payload: string | undefined) => {
    if (!payload) return;
    let event: RunEvent;
    try {
      event = JSON.parse(payload) as RunEvent;
    } catch {
      return;
    }
    for (const handler of byRun.get(event.runId) ?? []) handler(event);
    for (const handler of all) handler(event);
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", (message) => dispatch(message.payload));
    next.on("error", (error) => {
      log.warn("run event listener lost its connection; reconnecting", { error: error.message });
      void next.end().catch(() => undefined);
      if (client === next) client = undefined;
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${RUN_EVENTS_CHANNEL}`);
    client = next;
    retryMs = 250;
  };

  const scheduleReconnect = () => {
    if (closed) return;
    setTimeout(() => {
      if (closed || client) return;
      connect().catch(() => {
        retryMs = Math.min(retryMs * 2, 10_000);
        scheduleReconnect();
      });
    }, retryMs).unref();
  };

  await connect();
  return {
    subscribe(runId, handler) {
      const set = byRun.get(runId) ?? new Set();
      set.add(handler);
      byRun.set(runId, set);
      return () => {
        set.delete(handler);
        if (set.size === 0) byRun.delete(runId);
      };
    },
    subscribeAll(handler) {
      all.add(handler);
      return () => all.delete(handler);
    },
    async close() {
      closed = true;
      await client?.end().catch(() => undefined);
    },
  };
}
