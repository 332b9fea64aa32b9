import { z } from "zod";
import { MIN_PURCHASE_DOLLARS } from "./constants.ts";

/** Resource: payments and transactions (spec sections 5, 7 "create-payment", 8 and 9). */
export const MINIMUM_AMOUNT_MESSAGE = `Minimum amount is $${MIN_PURCHASE_DOLLARS}`;
export const PAYMENT_FAILED_MESSAGE = "Failed to initiate payment. Please try again.";

/** POST /payments: the amount in cents (dollars x 100, rounded). */
export const createPaymentInputSchema = z.object({
  amount: z
    .number({ error: MINIMUM_AMOUNT_MESSAGE })
    .int({ error: "amount must be a whole number of cents" })
    .min(MIN_PURCHASE_DOLLARS * 100, { error: MINIMUM_AMOUNT_MESSAGE })
    .max(1_000_000, { error: "amount must be at most $10,000" }),
});
export type CreatePaymentInput = z.infer<typeof createPaymentInputSchema>;

/** The card payment provider's checkout page to send the browser to. */
export const createPaymentResponseSchema = z.object({ sessionUrl: z.url(), transactionId: z.uuid() });
export type CreatePaymentResponse = z.infer<typeof createPaymentResponseSchema>;

export const transactionSchema = z.object({
  id: z.uuid(),
  status: z.enum(["pending", "completed", "failed", "cancelled"]),
  kind: z.enum(["purchase", "grant"]),
  /** Cents. */
  amount: z.number().int(),
  /** Credit units (1/10,000 dollar). */
  credits: z.number().int(),
  invoice_url: z.string().nullable(),
  created_at: z.string(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** GET /transactions: completed transactions, newest first. */
export const transactionListSchema = z.object({ transactions: z.array(transactionSchema) });
export type TransactionList = z.infer<typeof transactionListSchema>;

/** GET /site-config: what this installation offers, for the sign-in and credits screens. */
export const siteConfigSchema = z.object({
  /** False when BILLING=off (self-hosting): no balance checks, no purchase controls. */
  billing: z.boolean(),
  /** A card payment provider is configured (STRIPE_SECRET_KEY): credits can be bought. */
  payments: z.boolean(),
  /** Identity providers whose client id and secret are configured. */
  providers: z.object({ google: z.boolean(), github: z.boolean() }),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

/** GET /password-reset/{token}: whether a reset link can still be used. */
export const resetTokenStatusSchema = z.object({ valid: z.boolean() });
