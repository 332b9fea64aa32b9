import type { ServiceContext } from "../context.ts";
import { describeError } from "../logging/describe-error.ts";
import { enqueueOrFail } from "./enqueue-or-fail.ts";
import type { InsertedRun } from "./insert-run.ts";

/** One item started; one refused for itself (the next may still start); or nothing more to start now. */
export type NextStart = { kind: "started"; inserted: InsertedRun } | { kind: "refused" } | { kind: "none" };
export const NOTHING_TO_START: NextStart = { kind: "none" };

/**
 * Starts items one after another (a batch's rows, an evaluation's cells: docs/adr/0041-batches.md,
 * docs/adr/0044-evaluations.md) until `startNext` has nothing more to start now, queueing each run
 * once its transaction has committed. Returns the runs started.
 */
export async function startInTurn(ctx: ServiceContext, startNext: () => Promise<NextStart>): Promise<string[]> {
  const started: string[] = [];
  for (;;) {
    const next = await startNext();
    if (next.kind === "none") return started;
    if (next.kind === "refused") continue;
    // Committed with the item's run id: a queue refusal ends the run as error, and the item with it.
    const run = await enqueueOrFail(ctx, next.inserted);
    started.push(run.id);
  }
}

/**
 * The safety net (docs/adr/0041-batches.md): `dispatch` starts what each running item (a batch, an
 * evaluation) may start now and finishes those whose runs have all ended. Run every minute from
 * pg-boss's cron and when a worker starts, so items left by a process that stopped between a run's
 * end and the next start are picked up. One item's fault is logged and does not stop the others.
 */
export async function sweepEach(
  ctx: ServiceContext,
  running: readonly { id: string }[],
  dispatch: (ctx: ServiceContext, id: string) => Promise<string[]>,
  fault: { message: string; idField: string },
): Promise<{ started: number }> {
  let started = 0;
  for (const item of running) {
    try {
      started += (await dispatch(ctx, item.id)).length;
    } catch (error) {
      ctx.log.error(fault.message, { [fault.idField]: item.id, error: describeError(error) });
    }
  }
  return { started };
}
