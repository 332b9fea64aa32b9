import type { batches, evaluations } from "@errand/db";
import { eq } from "drizzle-orm";
import type { ServiceContext } from "../context.ts";
import { describeError } from "../logging/describe-error.ts";
import { enqueueOrFail } from "./enqueue-or-fail.ts";
import { lockAccountRuns, type InsertedRun } from "./insert-run.ts";

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

type Groups = typeof batches | typeof evaluations;
type Tx = Parameters<Parameters<ServiceContext["db"]["transaction"]>[0]>[0];

/**
 * The next start of a batch or an evaluation (`groups`: its table) in a transaction of its own,
 * under the locks every run creation takes, in this order: the account's run lock, then the
 * group's row. Nothing to start when it is gone or no longer running; else `next` decides.
 */
export async function nextInGroup<G extends Groups>(
  ctx: ServiceContext,
  groups: G,
  id: string,
  next: (tx: Tx, group: G["$inferSelect"]) => Promise<NextStart>,
): Promise<NextStart> {
  // Both tables have these columns; drizzle's builders do not take a union of tables.
  const table = groups as typeof batches;
  const [owner] = await ctx.db.select({ userId: table.userId, workspaceId: table.workspaceId }).from(table).where(eq(table.id, id));
  if (!owner) return NOTHING_TO_START;
  return ctx.db.transaction(async (tx): Promise<NextStart> => {
    await lockAccountRuns(tx, owner.userId, owner.workspaceId);
    const [group] = await tx.select().from(table).where(eq(table.id, id)).for("update");
    if (group?.status !== "running") return NOTHING_TO_START;
    return next(tx, group as G["$inferSelect"]);
  });
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
