import { FINAL_RUN_STATUSES, type Step } from "@errand/contract";
import { getRun } from "@errand/services/runs";
import type { Caller, ServiceContext } from "@errand/services";
import type { RunEventListener } from "@errand/services/events";
import type { Context } from "hono";
import { streamSSE } from "hono/streaming";

const KEEPALIVE_MS = 15_000;
const isFinal = (status: string) => (FINAL_RUN_STATUSES as readonly string[]).includes(status);

/**
 * Server-Sent Events for one run (owner only): `step` events carry the step (id = its number),
 * `run` events the run. A client reconnecting with Last-Event-ID gets only what it missed.
 * Events come from Postgres NOTIFY, so a step recorded by any process reaches every server.
 */
export async function streamRunEvents(c: Context, deps: { ctx: ServiceContext; events: RunEventListener }, caller: Caller, runId: string) {
  const lastSeen = Number.parseInt(c.req.header("last-event-id") ?? c.req.query("after") ?? "0", 10) || 0;
  // Ownership is checked before any stream starts: another user's run is a plain 404.
  await getRun({ ctx: deps.ctx, caller, input: { runId, withSteps: false } });

  return streamSSE(c, async (stream) => {
    let sentUpTo = lastSeen;
    let done = false;
    let chain = Promise.resolve();
    let wake: () => void = () => {};
    const finished = new Promise<void>((resolve) => (wake = resolve));

    // Re-reads the run after each event: simple, ordered, and nothing is missed between events.
    const refresh = () => {
      chain = chain.then(async () => {
        if (done) return;
        const { run, steps } = await getRun({ ctx: deps.ctx, caller, input: { runId, afterStep: sentUpTo } });
        for (const step of steps as Step[]) {
          await stream.writeSSE({ event: "step", id: String(step.number), data: JSON.stringify(step) });
          sentUpTo = step.number;
        }
        await stream.writeSSE({ event: "run", data: JSON.stringify(run) });
        if (isFinal(run.status)) {
          done = true;
          wake();
        }
      });
      chain = chain.catch(() => {
        done = true;
        wake();
      });
    };

    const unsubscribe = deps.events.subscribe(runId, refresh);
    const keepalive = setInterval(() => void stream.write(": keepalive\n\n").catch(() => undefined), KEEPALIVE_MS);
    let aborted = false;
    stream.onAbort(() => {
      aborted = done = true;
      wake();
    });
    refresh();
    await finished;
    clearInterval(keepalive);
    unsubscribe();
    // A write to a client that went away may never settle: only a live client waits for the last one.
    if (!aborted) await chain;
  });
}
