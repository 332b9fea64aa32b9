import { creditLimitNote, type Run, type Step } from "@errand/contract";
import type { steps, tasksRuns } from "@errand/db";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A tasks_runs row as the API shows it (the spec's snake_case field names). */
export function runToApi(row: typeof tasksRuns.$inferSelect): Run {
  return {
    id: row.id,
    task_id: row.taskId,
    user_id: row.userId,
    prompt: row.prompt,
    status: row.status,
    status_reason: row.statusReason,
    result: row.result,
    execution_time: row.executionTime,
    input_tokens: row.inputTokens,
    output_tokens: row.outputTokens,
    cost: row.cost,
    public: row.public,
    response_format: row.responseFormat,
    json_schema: row.jsonSchema ?? null,
    auth_context_id: row.authContextId,
    webhook_url: row.webhookUrl,
    session_timeout: row.sessionTimeout,
    ...timeLimit(row),
    initial_url: row.initialUrl,
    model: row.model,
    model_provider: row.modelProvider,
    created_at: row.createdAt.toISOString(),
    started_at: iso(row.startedAt),
    finished_at: iso(row.finishedAt),
  };
}

/** The seconds a run may last, and the note when its balance made that less than session_timeout. */
export function timeLimit(row: Pick<typeof tasksRuns.$inferSelect, "sessionTimeout" | "creditLimitSeconds">) {
  const capped = row.creditLimitSeconds !== null && row.creditLimitSeconds < row.sessionTimeout;
  return {
    time_limit: capped ? row.creditLimitSeconds! : row.sessionTimeout,
    time_limit_note: capped ? creditLimitNote(row.creditLimitSeconds!, row.sessionTimeout) : null,
  };
}

export function stepToApi(row: typeof steps.$inferSelect): Step {
  return {
    id: row.id,
    task_run_id: row.taskRunId,
    number: row.number,
    created_at: row.createdAt.toISOString(),
    extracted_content: row.extractedContent,
    success: row.success,
    error: row.error,
    action: row.action ?? null,
    url: row.url,
    duration_ms: row.durationMs,
    input_tokens: row.inputTokens,
    output_tokens: row.outputTokens,
    has_screenshot: row.screenshotKey !== null,
  };
}
