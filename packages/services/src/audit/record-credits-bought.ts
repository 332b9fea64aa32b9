import { transactions, type Db } from "@errand/db";
import { eq } from "drizzle-orm";
import { recordAudit } from "./record-audit.ts";

/**
 * Records a completed purchase in the transaction that credits it: the buyer is the actor,
 * `via: "payment"` because the payment provider confirmed it, so there is no address
 * (docs/adr/0038-audit-log.md). Amounts only; nothing of the card.
 */
export async function recordCreditsBought(tx: Pick<Db, "insert" | "select">, transactionId: string): Promise<void> {
  const [bought] = await tx.select().from(transactions).where(eq(transactions.id, transactionId));
  if (!bought) return;
  await recordAudit(
    tx,
    { userId: bought.userId, workspaceId: bought.workspaceId, via: "payment" },
    {
      action: "credits.bought",
      target: { type: "payment", id: bought.id, label: `${bought.credits} credits` },
      details: { credits: bought.credits, amount: bought.amount },
    },
  );
}
