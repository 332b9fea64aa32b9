import { tasks, tasksRuns } from "@errand/db";
import { count, eq } from "drizzle-orm";
import type { Queryable } from "../ownership.ts";
import { retryWanted } from "./retry-policy.ts";

type RunRow = typeof tasksRuns.$inferSelect;

/** How many retries the chain of `run` (its first run and every retry of it) has had. */
export async function retriesInChain(tx: Queryable, run: Pick<RunRow, "id" | "retryOf">): Promise<number> {
  const [had] = await tx
    .select({ n: count() })
    .from(tasksRuns)
    .where(eq(tasksRuns.retryOf, run.retryOf ?? run.id));
  return had?.n ?? 0;
}

/**
 * In the transaction that ends a run: when its task's policy asks for a retry and the chain has
 * not had `max`, the run is marked as owing one (docs/adr/0045-durable-retries.md). The mark
 * commits with the run's end, so a process that stops before starting the retry loses nothing:
 * the retry queue's sweep starts it. Returns whether it was marked.
 */
export async function markRetryIfWanted(tx: Queryable, run: RunRow): Promise<boolean> {
  const [task] = await tx.select({ policy: tasks.retry }).from(tasks).where(eq(tasks.id, run.taskId));
  const policy = task?.policy ?? null;
  if (!retryWanted(policy, run) || (await retriesInChain(tx, run)) >= policy!.max) return false;
  await tx.update(tasksRuns).set({ retryPendingSince: new Date() }).where(eq(tasksRuns.id, run.id));
  return true;
}
