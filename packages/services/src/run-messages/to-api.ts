import type { RunMessage } from "@errand/contract";
import type { runMessages } from "@errand/db";

/** A message row as the API shows it. */
export function runMessageToApi(row: typeof runMessages.$inferSelect): RunMessage {
  return {
    id: row.id,
    task_run_id: row.taskRunId,
    user_id: row.userId,
    text: row.text,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
    read_in_step: row.readInStep,
  };
}
