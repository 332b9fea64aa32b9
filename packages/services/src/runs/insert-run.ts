import type { RunMode } from "@errand/contract";
import { lowCreditsMessage, NO_CREDITS_MESSAGE, tooManyRunsMessage } from "@errand/contract";
import { tasksRuns, userCredits, type Db } from "@errand/db";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../errors.ts";
import { planHold } from "../billing/plan-hold.ts";
import { assertWithinMonthlyLimit } from "../billing/spending-limit.ts";
import { assertOwnUploads, attachRunUploads } from "../files/run-uploads.ts";
import type { settingsToColumns } from "./settings-to-columns.ts";
import { runAllowedDomains } from "./workspace-allowed-domains.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface InsertedRun {
  run: typeof tasksRuns.$inferSelect;
  /** The account's runs that were already waiting or running: the queue orders by it. */
  pendingBefore: number;
}

/**
 * Takes the account's run lock until the transaction ends: run creation and anything that must
 * not race it (deleting a task with its runs) are judged one after the other. One lock per
 * account, also when billing is off or the balance row is missing. A schedule whose maker's
 * account was deleted starts runs made by nobody: they share one lock and one limit per workspace
 * (docs/adr/0040-team-workspaces-outlive-their-members.md).
 */
export async function lockAccountRuns(tx: Tx, userId: string | null, workspaceId?: string): Promise<void> {
  const key = userId === null ? `runs:workspace:${workspaceId}` : `runs:${userId}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/**
 * Who starts a run made from another (a batch's row, an evaluation's cell, a retry): the same
 * starter, workspace, task and named key, as insertRunWithHold takes them.
 */
export function startedAs(from: { userId: string | null; workspaceId: string; taskId: string; apiKeyId: string | null }) {
  return { userId: from.userId, workspaceId: from.workspaceId, taskId: from.taskId, apiKeyId: from.apiKeyId ?? undefined };
}

/**
 * Inserts a pending run inside the caller's transaction, after taking what it may cost from
 * its workspace's balance (a member's run spends the team's credits) (a held free prompt, or held credits) and checking the account's pending-run limit.
 * The account's row is locked first, so concurrent creations are judged one after the other:
 * none can spend what another holds, and the limit cannot be passed by racing.
 */
export async function insertRunWithHold(
  tx: Tx,
  ctx: ServiceContext,
  input: {
    /** Who starts it; null for a schedule whose maker's account was deleted. */
    userId: string | null;
    workspaceId: string;
    taskId: string;
    /** The named key that starts it, kept for usage by key (docs/adr/0039-usage-by-member-key-and-tag.md); absent otherwise. */
    apiKeyId?: string;
    columns: ReturnType<typeof settingsToColumns>;
    mode?: RunMode;
    files?: readonly string[];
    /** The batch whose row this run is (docs/adr/0041-batches.md). */
    batchId?: string;
    /** The evaluation whose cell this run is (docs/adr/0044-evaluations.md). */
    evaluationId?: string;
  },
): Promise<InsertedRun> {
  await lockAccountRuns(tx, input.userId, input.workspaceId);
  // Uploads the run is given (ADR 0011): checked before anything is held, written with the run.
  const uploads = input.files ?? [];
  await assertOwnUploads(tx, input.workspaceId, uploads);
  const [pending] = await tx
    .select({ n: count() })
    .from(tasksRuns)
    .where(
      and(
        input.userId === null
          ? and(isNull(tasksRuns.userId), eq(tasksRuns.workspaceId, input.workspaceId))
          : eq(tasksRuns.userId, input.userId),
        eq(tasksRuns.status, "pending"),
      ),
    );
  const pendingBefore = pending?.n ?? 0;
  const limit = ctx.config.pendingRunsPerAccount;
  if (pendingBefore >= limit) throw new ServiceError("too_many_runs", tooManyRunsMessage(limit));
  await assertWithinMonthlyLimit(tx, input.workspaceId);

  const values = {
    taskId: input.taskId,
    userId: input.userId,
    workspaceId: input.workspaceId,
    apiKeyId: input.apiKeyId ?? null,
    ...input.columns,
    allowedDomains: await runAllowedDomains(tx, input.workspaceId, input.columns.allowedDomains),
    mode: input.mode ?? "auto",
    batchId: input.batchId ?? null,
    evaluationId: input.evaluationId ?? null,
  };
  if (!ctx.config.billingEnabled) {
    const [run] = await tx
      .insert(tasksRuns)
      .values({ ...values, holdKind: "none" })
      .returning();
    await attachRunUploads(tx, run!.id, uploads);
    return { run: run!, pendingBefore };
  }
  // Row lock too: a run settling meanwhile changes the balance under the same lock.
  const [balance] = await tx.select().from(userCredits).where(eq(userCredits.workspaceId, input.workspaceId)).for("update");
  if (!balance) throw new ServiceError("insufficient_credits", NO_CREDITS_MESSAGE);
  const hold = planHold(balance, input.columns.sessionTimeout);
  if (hold.kind === "refused") {
    // Nothing left that other runs do not already hold: the spec's message; else how little is left.
    const none = balance.credits - balance.heldCredits <= 0;
    throw new ServiceError("insufficient_credits", none ? NO_CREDITS_MESSAGE : lowCreditsMessage(hold.coveredSeconds));
  }
  await tx
    .update(userCredits)
    .set(
      hold.kind === "free_prompt"
        ? { heldFreePrompts: sql`${userCredits.heldFreePrompts} + 1`, updatedAt: new Date() }
        : { heldCredits: sql`${userCredits.heldCredits} + ${hold.amount}`, updatedAt: new Date() },
    )
    .where(eq(userCredits.workspaceId, input.workspaceId));
  const [run] = await tx
    .insert(tasksRuns)
    .values({
      ...values,
      holdKind: hold.kind,
      heldCredits: hold.kind === "credits" ? hold.amount : 0,
      creditLimitSeconds: hold.kind === "credits" ? hold.limitSeconds : null,
    })
    .returning();
  await attachRunUploads(tx, run!.id, uploads);
  return { run: run!, pendingBefore };
}
