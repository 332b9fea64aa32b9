import type { FailureKind, FinalRunStatus, Verification } from "@errand/contract";
import { tasksRuns } from "@errand/db";
import { and, eq, sql } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import { mailBudgetAlerts, recordBudgetAlerts } from "../billing/budget-alerts.ts";
import { modelSpend } from "../billing/run-spend.ts";
import { settleRun } from "../billing/settle-run.ts";
import { recordRowOutcome } from "../batches/record-row-outcome.ts";
import { recordCellOutcome } from "../evaluations/finish-evaluation.ts";
import { publishRunEvent } from "../events/run-events.ts";
import { observeRunEnd } from "../metrics/errand-metrics.ts";
import { saveExecution, type ExecutionReport } from "../recordings/save-execution.ts";
import { queueAccountWebhooks } from "../webhooks/queue-account-webhooks.ts";
import { queueWebhookDelivery } from "../webhooks/queue-webhook-delivery.ts";

export interface FinishRunInput {
  runId: string;
  status: FinalRunStatus;
  result?: string | null;
  reason?: string | null;
  /**
   * Why it did not succeed, set where that is known (docs/adr/0042-failure-kinds.md). Ignored on
   * success; left out, a cancelled run is `cancelled` and any other `internal`.
   */
  failureKind?: FailureKind;
  /** The run's total tokens (the agent's count, extraction calls included); default: the steps' sum. */
  inputTokens?: number;
  outputTokens?: number;
  /** Seconds; defaults to the time since the run started (0 if it never started). */
  executionTime?: number;
  /** How a run of a saved task was carried out, and the recording it leaves (ADR 0009). */
  execution?: ExecutionReport;
  /** How the answer was verified against the run's checks (docs/adr/0043-verified-results.md). */
  verification?: Verification | null;
}

/**
 * Ends a run exactly once: only a pending run changes. Status, result, time, tokens, the
 * charge and the model spend (at MODEL_PRICES) are written in one transaction, and the status event is published with it.
 * Alerts at the workspace's spending thresholds are recorded with it and mailed after it commits.
 * Returns the finished row, or null when the run had already ended.
 */
export async function finishRun({ ctx, input }: VerbArgs<FinishRunInput>) {
  const outcome = await ctx.db.transaction(async (tx) => {
    const [run] = await tx
      .update(tasksRuns)
      .set({
        status: input.status,
        result: input.result ?? null,
        statusReason: input.reason ?? null,
        failureKind: failureKindOf(input),
        needsPerson: null,
        verification: input.verification ?? null,
        inputTokens: input.inputTokens ?? sql`${tasksRuns.inputTokens}`,
        outputTokens: input.outputTokens ?? sql`${tasksRuns.outputTokens}`,
        executionTime: input.executionTime ?? sql`coalesce(extract(epoch from (now() - ${tasksRuns.startedAt}))::double precision, 0)`,
        finishedAt: new Date(),
      })
      .where(and(eq(tasksRuns.id, input.runId), eq(tasksRuns.status, "pending")))
      .returning();
    if (!run) return null;
    const modelCost = modelSpend(ctx.config, run.model, run);
    const cost = await settleRun(tx, run, { status: input.status, billingEnabled: ctx.config.billingEnabled, modelCost });
    const execution = input.execution ? await saveExecution(tx, run, input.execution) : null;
    const [billed] = await tx.update(tasksRuns).set({ cost, modelCost, execution }).where(eq(tasksRuns.id, run.id)).returning();
    await publishRunEvent(tx, { type: "status", runId: run.id, workspaceId: run.workspaceId, status: input.status });
    // In this transaction: a crash after the commit cannot lose a webhook (ADR 0005, 0008).
    if (run.webhookUrl) await queueWebhookDelivery(tx, { runId: run.id, url: run.webhookUrl, trigger: "run_finished" });
    await queueAccountWebhooks(tx, { id: run.id, workspaceId: run.workspaceId, status: input.status });
    await recordRowOutcome(tx, { ...run, status: input.status });
    await recordCellOutcome(tx, { ...run, status: input.status });
    const alerts = await recordBudgetAlerts(tx, run);
    return { run: billed!, alerts };
  });
  if (!outcome) return null;
  const finished = outcome.run;
  // After the commit: an alert is recorded once, and a slow mail server must not hold the run's transaction.
  await mailBudgetAlerts(ctx, outcome.alerts);
  // A batch's row ended: its next rows start in a worker (docs/adr/0041-batches.md); if this is lost, the sweep starts them.
  if (finished.batchId)
    await ctx.queue
      .wakeBatch?.(finished.batchId)
      .catch((error: unknown) => ctx.log.warn("could not wake a batch", { batchId: finished.batchId, error }));
  // Likewise an evaluation's cell (docs/adr/0044-evaluations.md).
  if (finished.evaluationId)
    await ctx.queue
      .wakeEvaluation?.(finished.evaluationId)
      .catch((error: unknown) => ctx.log.warn("could not wake an evaluation", { evaluationId: finished.evaluationId, error }));
  // Counted by the process that ended it, whoever that is: a worker, a cancel, the stale sweep.
  observeRunEnd(ctx.metrics, {
    status: input.status,
    failureKind: finished.failureKind,
    seconds: finished.executionTime,
    inputTokens: finished.inputTokens,
    outputTokens: finished.outputTokens,
  });
  return finished;
}

function failureKindOf(input: FinishRunInput): FailureKind | null {
  if (input.status === "success") return null;
  return input.failureKind ?? (input.status === "cancelled" ? "cancelled" : "internal");
}
