import { PRICE_PER_SECOND_UNITS, type FinalRunStatus } from "@errand/contract";
import { creditLedger, tasks, userCredits, type Db, type tasksRuns } from "@errand/db";
import { eq, sql } from "drizzle-orm";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Runs that ended through a fault of ours are not charged. */
const BILLABLE: FinalRunStatus[] = ["success", "failed", "cancelled"];

/**
 * Settles a finished run on its workspace's balance (docs/adr/0037-spending-limits.md) inside the finishing transaction: what it held is released, and what
 * it used is charged: the held free prompt, or execution seconds x $0.0023 from credits, never
 * more than it held (so no balance goes below zero). The ledger row is unique per run: a second
 * call charges and releases nothing. Returns the cost in credit units (0 for a free prompt).
 */
export async function settleRun(
  tx: Tx,
  run: typeof tasksRuns.$inferSelect,
  input: { status: FinalRunStatus; billingEnabled: boolean; modelCost?: number | null },
): Promise<number> {
  const billable = input.billingEnabled && BILLABLE.includes(input.status) && run.startedAt !== null;
  const seconds = Math.max(0, run.executionTime ?? 0);
  const [balance] = await tx.select().from(userCredits).where(eq(userCredits.workspaceId, run.workspaceId)).for("update");
  // A run cancelled before any worker started it did no work; a run created before holds
  // existed (holdKind null) is charged from what is available now.
  const kind = run.holdKind ?? (balance && balance.freePrompts - balance.heldFreePrompts > 0 ? "free_prompt" : "credits");
  const useFreePrompt = billable && kind === "free_prompt";
  const ceiling = run.holdKind === "credits" ? run.heldCredits : Math.max(0, (balance?.credits ?? 0) - (balance?.heldCredits ?? 0));
  const cost = billable && kind === "credits" ? Math.min(Math.ceil(seconds * PRICE_PER_SECOND_UNITS), ceiling) : 0;

  const inserted = await tx
    .insert(creditLedger)
    .values({
      userId: run.userId,
      workspaceId: run.workspaceId,
      runId: run.id,
      kind: useFreePrompt ? "free_prompt" : billable ? "credits" : "none",
      freePromptsDelta: useFreePrompt ? -1 : 0,
      creditsDelta: -cost,
      // Kept with the charge: the usage history stays true after the run's task is deleted.
      executionSeconds: seconds,
      inputTokens: run.inputTokens,
      outputTokens: run.outputTokens,
      modelCost: input.modelCost ?? null,
      // Who to charge back, kept with the charge (docs/adr/0039-usage-by-member-key-and-tag.md).
      apiKeyId: run.apiKeyId,
      tags: sql`coalesce((select ${tasks.tags} from ${tasks} where ${tasks.id} = ${run.taskId}), '{}')`,
      // Usage by failure kind outlives the run too (docs/adr/0042-failure-kinds.md).
      failureKind: run.failureKind,
    })
    .onConflictDoNothing()
    .returning({ id: creditLedger.id });
  if (inserted.length === 0 || !balance) return 0;

  const releaseFree = run.holdKind === "free_prompt" ? 1 : 0;
  const releaseCredits = run.holdKind === "credits" ? run.heldCredits : 0;
  if (releaseFree || releaseCredits || useFreePrompt || cost) {
    await tx
      .update(userCredits)
      .set({
        freePrompts: sql`${userCredits.freePrompts} - ${useFreePrompt ? 1 : 0}`,
        heldFreePrompts: sql`${userCredits.heldFreePrompts} - ${releaseFree}`,
        credits: sql`${userCredits.credits} - ${cost}`,
        heldCredits: sql`${userCredits.heldCredits} - ${releaseCredits}`,
        updatedAt: new Date(),
      })
      .where(eq(userCredits.workspaceId, run.workspaceId));
  }
  return cost;
}
