import type { ServiceContext } from "../context.ts";
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
