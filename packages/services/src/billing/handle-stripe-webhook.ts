import { transactions, userCredits } from "@errand/db";
import { recordCreditsBought } from "../audit/record-credits-bought.ts";
import { and, eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { VerbArgs } from "../context.ts";
import { ServiceError } from "../errors.ts";

export type WebhookOutcome = "credited" | "already-credited" | "cancelled" | "ignored";

/**
 * A Stripe webhook delivery: the signature is checked against the raw body first (a bad one
 * changes nothing). `checkout.session.completed` completes its pending transaction and adds the
 * credits in one database transaction, guarded by the status, so a repeated or concurrent
 * delivery of the same event credits once. `checkout.session.expired` (abandoned checkout)
 * cancels a still-pending transaction. Every other event is acknowledged and ignored.
 */
export async function handleStripeWebhook({
  ctx,
  input,
}: VerbArgs<{ rawBody: string; signature: string | undefined }>): Promise<WebhookOutcome> {
  if (!ctx.stripe?.webhookSecret) throw new ServiceError("unavailable", "Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET)");
  let event: Stripe.Event;
  try {
    event = ctx.stripe.client.webhooks.constructEvent(input.rawBody, input.signature ?? "", ctx.stripe.webhookSecret);
  } catch {
    throw new ServiceError("validation_error", "Invalid Stripe signature");
  }
  if (event.type === "checkout.session.expired") {
    const cancelled = await ctx.db
      .update(transactions)
      .set({ status: "cancelled" })
      .where(and(eq(transactions.externalId, event.data.object.id), eq(transactions.status, "pending")))
      .returning({ id: transactions.id });
    return cancelled.length ? "cancelled" : "ignored";
  }
  if (event.type !== "checkout.session.completed") return "ignored";
  const session = event.data.object;
  if (session.payment_status !== "paid") return "ignored";
  const receiptUrl = await receiptUrlOf(ctx, session).catch((error: Error) => {
    ctx.log.warn("could not read the payment's receipt", { session: session.id, error });
    return null;
  });
  const outcome = await ctx.db.transaction(async (tx) => {
    const [completed] = await tx
      .update(transactions)
      .set({ status: "completed", completedAt: new Date(), invoiceUrl: receiptUrl })
      .where(and(eq(transactions.externalId, session.id), eq(transactions.status, "pending")))
      .returning({ id: transactions.id, workspaceId: transactions.workspaceId, credits: transactions.credits });
    if (!completed) return "already-credited" as const;
    await tx
      .update(userCredits)
      .set({ credits: sql`${userCredits.credits} + ${completed.credits}`, updatedAt: new Date() })
      .where(eq(userCredits.workspaceId, completed.workspaceId));
    await recordCreditsBought(tx, completed.id);
    ctx.log.info("credits purchased", { transactionId: completed.id, workspaceId: completed.workspaceId });
    return "credited" as const;
  });
  return outcome;
}

/** The invoice URL when Checkout made one, else the card charge's receipt. */
async function receiptUrlOf(ctx: VerbArgs<unknown>["ctx"], session: Stripe.Checkout.Session): Promise<string | null> {
  if (session.invoice && typeof session.invoice === "object" && session.invoice.hosted_invoice_url)
    return session.invoice.hosted_invoice_url;
  const intentId = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
  if (!intentId || !ctx.stripe) return null;
  const intent = await ctx.stripe.client.paymentIntents.retrieve(intentId, { expand: ["latest_charge"] });
  const charge = intent.latest_charge;
  return charge && typeof charge === "object" ? (charge.receipt_url ?? null) : null;
}
