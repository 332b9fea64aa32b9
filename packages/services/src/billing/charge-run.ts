import { PRICE_PER_SECOND_UNITS, type FinalRunStatus } from "@errand/contract";
import { creditLedger, userCredits } from "@errand/db";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@errand/db";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Runs that ended through a fault of ours are not charged. */
const BILLABLE: FinalRunStatus[] = ["success", "failed", "cancelled"];

/**
 * Charges a finished run inside the finishing transaction: a free prompt if any remain, else
 * execution seconds x $0.0023. The ledger row is unique per run: a second call charges nothing.
 * Returns the cost in credit units (0 for a free prompt or no charge).
 */
export async function chargeRun(
  tx: Tx,
  input: { userId: string; runId: string; status: FinalRunStatus; started: boolean; executionSeconds: number; billingEnabled: boolean },
): Promise<number> {
  // A run cancelled before any worker started it did no work.
  if (!input.billingEnabled || !BILLABLE.includes(input.status) || !input.started) {
    await tx.insert(creditLedger).values({ userId: input.userId, runId: input.runId, kind: "none" }).onConflictDoNothing();
    return 0;
  }
  const [balance] = await tx.select().from(userCredits).where(eq(userCredits.userId, input.userId)).for("update");
  const useFreePrompt = (balance?.freePrompts ?? 0) > 0;
  const cost = useFreePrompt ? 0 : Math.ceil(Math.max(0, input.executionSeconds) * PRICE_PER_SECOND_UNITS);
  const inserted = await tx
    .insert(creditLedger)
    .values({
      userId: input.userId,
      runId: input.runId,
      kind: useFreePrompt ? "free_prompt" : "credits",
      freePromptsDelta: useFreePrompt ? -1 : 0,
      creditsDelta: -cost,
    })
    .onConflictDoNothing()
    .returning({ id: creditLedger.id });
  if (inserted.length === 0) return 0;
  await tx
    .update(userCredits)
    .set(
      useFreePrompt
        ? { freePrompts: sql`${userCredits.freePrompts} - 1`, updatedAt: new Date() }
        : { credits: sql`${userCredits.credits} - ${cost}`, updatedAt: new Date() },
    )
    .where(eq(userCredits.userId, input.userId));
  return cost;
}
