import { tasks, tasksRuns } from "@errand/db";
import { eq } from "drizzle-orm";
import type { CallerVerbArgs } from "../caller.ts";
import type { ServiceContext } from "../context.ts";
import { finishRun } from "../runs/finish-run.ts";
import { lockAccountRuns } from "../runs/insert-run.ts";
import type { FileStorage } from "../storage/file-storage.ts";
import { runFolder } from "../storage/storage-keys.ts";
import { ownTask } from "./own-task.ts";
import { requireRole } from "../workspaces/roles.ts";

/**
 * Deletes one of the user's tasks with its runs, their steps and screenshots. A run still
 * pending is cancelled first, in the same transaction: its hold is released and the worker
 * running it hears the status change and stops. The account's run lock keeps a run of this task
 * from being created meanwhile. Another user's task is "not found".
 */
export async function deleteTask({
  ctx,
  caller,
  input,
}: CallerVerbArgs<{ taskId: string; storage?: FileStorage }>): Promise<{ runs: number; cancelled: number }> {
  requireRole(caller, "run");
  const { runIds, cancelled } = await ctx.db.transaction(async (tx) => {
    await lockAccountRuns(tx, caller.userId);
    const task = await ownTask(tx, caller, input.taskId, { id: tasks.id }, "update");
    const runs = await tx.select({ id: tasksRuns.id, status: tasksRuns.status }).from(tasksRuns).where(eq(tasksRuns.taskId, task.id));
    // finishRun settles the hold and publishes the status event; here it runs in this transaction.
    const inTransaction: ServiceContext = { ...ctx, db: tx as unknown as ServiceContext["db"] };
    let stopped = 0;
    for (const run of runs.filter((r) => r.status === "pending")) {
      const finished = await finishRun({
        ctx: inTransaction,
        input: { runId: run.id, status: "cancelled", reason: "The task was deleted.", failureKind: "cancelled" },
      });
      if (finished) stopped += 1;
    }
    // Runs, steps and webhook deliveries go with the task (foreign keys cascade); the ledger keeps
    // its charges (run_id set null), so the usage history stays true.
    await tx.delete(tasks).where(eq(tasks.id, task.id));
    return { runIds: runs.map((r) => r.id), cancelled: stopped };
  });
  if (input.storage) {
    const storage = input.storage;
    await Promise.all(
      runIds.map((id) =>
        storage
          .removeAll(runFolder(id))
          .catch((error: unknown) => ctx.log.warn("deleting a run's screenshots failed", { runId: id, error })),
      ),
    );
  }
  ctx.log.info("task deleted", { taskId: input.taskId, runs: runIds.length, cancelled });
  return { runs: runIds.length, cancelled };
}
