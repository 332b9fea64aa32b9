import { FINAL_RUN_STATUSES } from "@errand/contract";
import { getRun } from "@errand/services/runs";
import { requireScope, ServiceError, type Caller, type ServiceContext } from "@errand/services";
import type { RunEventListener } from "@errand/services/events";
import type { Context } from "hono";
import { streamSSE } from "hono/streaming";

export const HEARTBEAT_MS = 15_000;
/** How long a browser waits before reconnecting after the stream broke (the SSE `retry` field). */
const RECONNECT_MS = 1_000;
const isFinal = (status: string) => (FINAL_RUN_STATUSES as readonly string[]).includes(status);

/**
 * Server-Sent Events for all runs of the caller's workspace (`GET /api/v1/events`), whoever
 * started them (docs/adr/0040-team-workspaces-outlive-their-members.md): `step` events carry a
 * step (its task_run_id says whose), `run` events a run, `ping` comes every 15 s so a client can
 * tell a live stream from a silent one, and `resync` says events may have been missed (the
 * server's database connection was lost): read the runs again.
 *
 * Why one stream for all runs: a browser opens at most 6 HTTP/1.1 connections to a host, for all
 * its tabs together, and an open stream holds one for as long as it lasts. With a stream per run
 * page, six pages of running runs took every connection and a seventh page (even its API
 * requests) waited until one of those runs ended. The web app opens this stream in one tab and
 * shares it with the others (apps/web/src/routes/tasks/run-events-hub.ts).
 *
 * No replay: a client that (re)connects reads the runs it shows, then follows the stream.
 */
export async function streamAccountEvents(
  c: Context,
  deps: { ctx: ServiceContext; events: RunEventListener },
  caller: Caller,
  options: { heartbeatMs?: number } = {},
) {
  // Refused before the stream starts, as a run's stream is by its ownership check: it shows runs.
  requireScope(caller, "read");
  return streamSSE(c, async (stream) => {
    let closed = false;
    let wake: () => void = () => {};
    const ended = new Promise<void>((resolve) => (wake = resolve));
    const end = () => {
      closed = true;
      wake();
    };

    // Per run: the last step sent (null: only its end is followed) and the news not read yet (a
    // status alone is read without steps). Each run is read by one loop at a time (its events
    // stay in order, and a burst of them costs one read); runs are read side by side (a slow
    // read does not hold back another run's end).
    type Followed = { sentUpTo: number | null; news: boolean; newSteps: boolean; reading: boolean };
    const runs = new Map<string, Followed>();
    // Runs whose end was sent. An event of such a run can still arrive (a step's NOTIFY handled
    // after the run finished, on a busy machine): the end is final, so it is not read or sent again.
    const endSent = new Set<string>();
    const follow = async (runId: string, state: Followed) => {
      state.reading = true;
      try {
        while (state.news && !closed) {
          const withSteps = state.newSteps && state.sentUpTo !== null;
          state.news = state.newSteps = false;
          const { run, steps } = await getRun({
            ctx: deps.ctx,
            caller,
            input: withSteps ? { runId, afterStep: state.sentUpTo ?? 0 } : { runId, withSteps: false },
          });
          for (const step of steps) {
            await stream.writeSSE({ event: "step", data: JSON.stringify(step) });
            state.sentUpTo = step.number;
          }
          await stream.writeSSE({ event: "run", data: JSON.stringify(run) });
          if (isFinal(run.status)) {
            endSent.add(runId);
            runs.delete(runId);
            return;
          }
        }
      } catch (error) {
        // A run deleted meanwhile has nothing to show; anything else ends the stream, and the
        // browser reconnects and reads its runs again.
        if (error instanceof ServiceError && error.code === "not_found") return void runs.delete(runId);
        deps.ctx.log.warn("account event stream failed; the client will reconnect", { error });
        end();
      } finally {
        state.reading = false;
      }
    };

    const unsubscribe = deps.events.subscribeWorkspace(caller.workspaceId, (event) => {
      if (closed) return;
      if (event.type === "resync") return void stream.writeSSE({ event: "resync", data: "{}" }).catch(end);
      if (endSent.has(event.runId)) return;
      // A run first heard of by a step starts at that step: earlier ones the page reads itself.
      const state = runs.get(event.runId) ?? {
        sentUpTo: event.type === "step" ? event.number - 1 : null,
        news: false,
        newSteps: false,
        reading: false,
      };
      runs.set(event.runId, state);
      state.news = true;
      if (event.type === "step") state.newSteps = true;
      if (!state.reading) void follow(event.runId, state);
    });
    const heartbeat = setInterval(() => {
      if (!closed) void stream.writeSSE({ event: "ping", data: "{}" }).catch(end);
    }, options.heartbeatMs ?? HEARTBEAT_MS);
    stream.onAbort(end);
    await stream.writeSSE({ event: "ping", data: "{}", retry: RECONNECT_MS });
    await ended;
    clearInterval(heartbeat);
    unsubscribe();
  });
}
