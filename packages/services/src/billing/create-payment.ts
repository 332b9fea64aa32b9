import { CREDIT_UNITS_PER_DOLLAR, PRODUCT_NAME, type CreatePaymentResponse } from "@errand/contract";
import { transactions, users } from "@errand/db";
import { eq } from "drizzle-orm";
import type { CallerVerbArgs } from "../caller.ts";
import { notFound, ServiceError } from "../errors.ts";
import { requireRole } from "../workspaces/roles.ts";

/**
 * "create-payment": records a pending transaction, then opens a Stripe Checkout session for the
 * amount (cards) and returns its URL. 1 credit per dollar; the credits arrive with the webhook.
 */
export async function createPayment({ ctx, caller, input }: CallerVerbArgs<{ amountCents: number }>): Promise<CreatePaymentResponse> {
  requireRole(caller, "billing");
  if (!ctx.config.billingEnabled) throw new ServiceError("forbidden", "Billing is off on this server: nothing to buy.");
  if (!ctx.stripe) throw new ServiceError("unavailable", "Purchases are not available: no card payment provider is configured.");
  // Checkout fills in the account's email for the receipt.
  const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, caller.userId));
  if (!user) throw notFound("Account");
  const credits = (input.amountCents / 100) * CREDIT_UNITS_PER_DOLLAR;
  const [transaction] = await ctx.db
    .insert(transactions)
    .values({
      userId: caller.userId,
      workspaceId: caller.workspaceId,
      kind: "purchase",
      status: "pending",
      amount: input.amountCents,
      credits,
    })
    .returning({ id: transactions.id });
  const id = transaction!.id;
  try {
    const session = await ctx.stripe.client.checkout.sessions.create(
      {
        mode: "payment",
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: "usd",
              unit_amount: input.amountCents,
              product_data: { name: `${PRODUCT_NAME} credits ($${(input.amountCents / 100).toFixed(2)})` },
            },
          },
        ],
        customer_email: user.email,
        client_reference_id: id,
        metadata: { transactionId: id, userId: caller.userId },
        success_url: `${ctx.config.baseUrl}/credits?payment=success&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${ctx.config.baseUrl}/credits?payment=cancelled`,
      },
      { idempotencyKey: `payment-${id}` },
    );
    if (!session.url) throw new Error("Checkout session has no URL");
    await ctx.db.update(transactions).set({ externalId: session.id }).where(eq(transactions.id, id));
    return { sessionUrl: session.url, transactionId: id };
  } catch (error) {
    await ctx.db.update(transactions).set({ status: "failed" }).where(eq(transactions.id, id));
    ctx.log.warn("checkout session failed", { transactionId: id, error });
    throw new ServiceError("unavailable", "Failed to initiate payment. Please try again.");
  }
}
