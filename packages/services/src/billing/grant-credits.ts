import { CREDIT_UNITS_PER_DOLLAR } from "@errand/contract";
import { transactions, userCredits, users } from "@errand/db";
import { eq, sql } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import { invalid, notFound } from "../errors.ts";

/**
 * An operator adds credits to an account (`errand credits grant`), recorded as a transaction of
 * its personal workspace (whose id is the account's).
 */
export async function grantCredits({ ctx, input }: VerbArgs<{ email: string; dollars: number }>) {
  if (!Number.isFinite(input.dollars) || input.dollars <= 0 || input.dollars > 1_000_000) {
    throw invalid([{ path: "dollars", message: "must be a positive amount of dollars (at most 1,000,000)" }]);
  }
  const cents = Math.round(input.dollars * 100);
  const credits = cents * (CREDIT_UNITS_PER_DOLLAR / 100);
  return ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, input.email.trim().toLowerCase()));
    if (!user) throw notFound(`Account ${input.email}`);
    const [row] = await tx
      .insert(transactions)
      .values({
        userId: user.id,
        workspaceId: user.id,
        kind: "grant",
        status: "completed",
        amount: cents,
        credits,
        completedAt: new Date(),
      })
      .returning({ id: transactions.id });
    const [balance] = await tx
      .update(userCredits)
      .set({ credits: sql`${userCredits.credits} + ${credits}`, updatedAt: new Date() })
      .where(eq(userCredits.workspaceId, user.id))
      .returning({ credits: userCredits.credits });
    return { transactionId: row!.id, userId: user.id, credits: balance?.credits ?? credits };
  });
}
