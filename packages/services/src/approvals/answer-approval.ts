import { approvalAnswerSchema, type ApprovalDecision } from "@errand/contract";
import { tasksRuns } from "@errand/db";
import { and, eq, isNotNull } from "drizzle-orm";
import type { CallerVerbArgs } from "../caller.ts";
import { conflict } from "../errors.ts";
import { publishRunEvent } from "../events/run-events.ts";
import { parseOrThrow } from "../parse-or-throw.ts";
import { callersRun, ownRun } from "../runs/own-run.ts";
import { requireRole } from "../workspaces/roles.ts";

/**
 * POST /runs/{id}/approval: a person approves or denies the action the run waits on
 * (docs/adr/0048-approval-before-irreversible-actions.md). Whoever may run tasks in the workspace
 * may answer; the first answer wins, and the run stops showing the action at once. The worker
 * takes the answer at its next poll. 409 when nothing waits, with why.
 */
export async function answerApproval({
  ctx,
  caller,
  input,
}: CallerVerbArgs<{ runId: string; answer: unknown }>): Promise<{ run_id: string; decision: ApprovalDecision }> {
  requireRole(caller, "run");
  const answer = parseOrThrow(approvalAnswerSchema, input.answer);
  const run = await ownRun(ctx.db, caller, input.runId, { id: tasksRuns.id, status: tasksRuns.status });
  return ctx.db.transaction(async (tx) => {
    const [answered] = await tx
      .update(tasksRuns)
      .set({ pendingApproval: null, approvalReply: { decision: answer.decision, note: answer.note || null } })
      .where(and(callersRun(caller, run.id), eq(tasksRuns.status, "pending"), isNotNull(tasksRuns.pendingApproval)))
      .returning({ id: tasksRuns.id, workspaceId: tasksRuns.workspaceId });
    if (!answered) {
      throw conflict(
        run.status === "pending"
          ? "The run is not waiting for an approval (it was already answered, or it asked for none)."
          : `The run has already ended (${run.status}): there is nothing to approve.`,
      );
    }
    await publishRunEvent(tx, { type: "attention", runId: answered.id, workspaceId: answered.workspaceId, needsPerson: null });
    return { run_id: answered.id, decision: answer.decision };
  });
}
