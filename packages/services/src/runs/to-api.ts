import { FAILURE_KIND_LABELS, toStepActions, unitsToDollars, type Run, type RunCharge, type RunFailure, type Step } from "@errand/contract";
import { creditLedger, tasksRuns, type Db, type steps } from "@errand/db";
import { eq, sql } from "drizzle-orm";
import { timeLimit } from "./run-limits.ts";
import { approvalFields } from "../approvals/approval-columns.ts";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** What the API shows of a run beside its row: its number in its task and what it was charged. */
export interface RunExtras {
  number: number;
  charge: RunCharge | null;
  /** Its retries when it is the first run of a chain (docs/adr/0043-verified-results.md), oldest first. */
  retries?: string[];
}

/**
 * A run's row with its extras: the number counts the task's runs created up to it (id breaks a
 * tie), so it never changes, and the charge is the run's credit_ledger entry.
 */
export function selectApiRuns(db: Db) {
  return db
    .select({
      row: tasksRuns,
      number:
        sql<number>`(select count(*) from "tasks_runs" "earlier" where "earlier"."task_id" = ${tasksRuns.taskId} and ("earlier"."created_at", "earlier"."id") <= (${tasksRuns.createdAt}, ${tasksRuns.id}))`.mapWith(
          Number,
        ),
      retries: sql<
        string[]
      >`(select coalesce(array_agg("retry"."id" order by "retry"."created_at", "retry"."id"), '{}') from "tasks_runs" "retry" where "retry"."retry_of" = ${tasksRuns.id})`,
      chargeKind: creditLedger.kind,
      chargeDelta: creditLedger.creditsDelta,
    })
    .from(tasksRuns)
    .leftJoin(creditLedger, eq(creditLedger.runId, tasksRuns.id))
    .$dynamic();
}

type SelectedRun = Awaited<ReturnType<ReturnType<typeof selectApiRuns>["execute"]>>[number];

/** A row of selectApiRuns as the API shows it. */
export function apiRunFrom(selected: SelectedRun): Run {
  const charge = selected.chargeKind ? { kind: selected.chargeKind, credits: selected.chargeDelta ? -selected.chargeDelta : 0 } : null;
  return runToApi(selected.row, { number: selected.number, charge, retries: selected.retries });
}

/** One run as the API shows it, or null when there is no such run. */
export async function loadApiRun(db: Db, runId: string): Promise<Run | null> {
  const [selected] = await selectApiRuns(db).where(eq(tasksRuns.id, runId));
  return selected ? apiRunFrom(selected) : null;
}

/** A tasks_runs row as the API shows it (the spec's snake_case field names). */
export function runToApi(row: typeof tasksRuns.$inferSelect, extras: RunExtras): Run {
  return {
    id: row.id,
    task_id: row.taskId,
    number: extras.number,
    user_id: row.userId,
    prompt: row.prompt,
    status: row.status,
    status_reason: row.statusReason,
    failure: runFailure(row),
    needs_person: row.status === "pending" ? row.needsPerson : null,
    needs_approval: row.status === "pending" ? (row.pendingApproval ?? null) : null,
    ...approvalFields(row.approval ?? null),
    result: row.result,
    execution_time: row.executionTime,
    input_tokens: row.inputTokens,
    output_tokens: row.outputTokens,
    cost: row.cost,
    charge: extras.charge,
    max_cost_usd: row.maxCost === null ? null : unitsToDollars(row.maxCost),
    max_steps: row.maxSteps,
    on_limit: row.onLimit,
    model_cost: row.modelCost,
    public: row.public,
    response_format: row.responseFormat,
    json_schema: row.jsonSchema ?? null,
    auth_context_id: row.authContextId,
    webhook_url: row.webhookUrl,
    session_timeout: row.sessionTimeout,
    proxy: row.proxy ?? null,
    ...timeLimit(row),
    initial_url: row.initialUrl,
    model: row.model,
    model_provider: row.modelProvider,
    mode: row.mode,
    execution: row.execution ?? null,
    batch_id: row.batchId,
    evaluation_id: row.evaluationId,
    checks: row.checks ?? null,
    recording: row.recording ?? null,
    verification: row.verification ?? null,
    retry_of: row.retryOf,
    retries: extras.retries ?? [],
    allowed_domains: row.allowedDomains ?? null,
    created_at: row.createdAt.toISOString(),
    started_at: iso(row.startedAt),
    finished_at: iso(row.finishedAt),
  };
}

/** The run's failure: none while pending or after success; a run that ended without a kind is `unknown` (docs/adr/0042-failure-kinds.md). */
function runFailure(row: typeof tasksRuns.$inferSelect): RunFailure {
  if (row.status === "pending" || row.status === "success") return null;
  const kind = row.failureKind ?? "unknown";
  return { kind, message: row.statusReason ?? FAILURE_KIND_LABELS[kind] };
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
    // Tolerant: older rows may hold null or another shape (see toStepActions).
    action: toStepActions(row.action),
    url: row.url,
    duration_ms: row.durationMs,
    input_tokens: row.inputTokens,
    output_tokens: row.outputTokens,
    has_screenshot: row.screenshotKey !== null,
  };
}
