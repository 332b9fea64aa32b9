import type { TransactionList } from "@errand/contract";
import { transactions } from "@errand/db";
import { and, desc, eq } from "drizzle-orm";
import { requireScope, type CallerVerbArgs } from "../caller.ts";

/** The Transaction History: completed transactions, newest first (spec section 7). */
export async function listTransactions({ ctx, caller }: CallerVerbArgs<Record<string, never>>): Promise<TransactionList> {
  requireScope(caller, "read");
  const rows = await ctx.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.workspaceId, caller.workspaceId), eq(transactions.status, "completed")))
    .orderBy(desc(transactions.createdAt))
    .limit(500);
  return {
    transactions: rows.map((t) => ({
      id: t.id,
      status: t.status,
      kind: t.kind,
      amount: t.amount,
      credits: t.credits,
      invoice_url: t.invoiceUrl,
      created_at: t.createdAt.toISOString(),
    })),
  };
}
