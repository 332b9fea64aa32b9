import type { Recording } from "@errand/contract";
import type { taskRecordings } from "@errand/db";

export function recordingToApi(row: typeof taskRecordings.$inferSelect): Recording {
  return {
    task_id: row.taskId,
    version: row.version,
    kind: row.kind,
    prompt: row.prompt,
    parameters: row.parameters,
    steps: row.steps,
    extraction: row.extraction,
    origin: {
      run_id: row.sourceRunId,
      seconds: row.originSeconds,
      input_tokens: row.originInputTokens,
      output_tokens: row.originOutputTokens,
    },
    created_at: row.createdAt.toISOString(),
  };
}
