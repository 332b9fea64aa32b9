import { MIN_PURCHASE_DOLLARS, MINIMUM_AMOUNT_MESSAGE } from "@errand/contract";

/** The contract's ceiling for one payment (createPaymentInputSchema): $10,000. */
export const MAX_PURCHASE_CENTS = 1_000_000;
export const MAXIMUM_AMOUNT_MESSAGE = "Maximum amount is $10,000";

export type PurchaseAmount = { ok: true; cents: number } | { ok: false; message: string };

/**
 * The "Amount (USD)" entry in cents (spec section 5): dollars times 100, rounded. A non-number
 * or less than $3 gives "Minimum amount is $3".
 */
export function parsePurchaseAmount(input: string): PurchaseAmount {
  const text = input.trim();
  const dollars = text === "" ? Number.NaN : Number(text);
  if (!Number.isFinite(dollars) || dollars < MIN_PURCHASE_DOLLARS) return { ok: false, message: MINIMUM_AMOUNT_MESSAGE };
  const cents = Math.round(dollars * 100);
  if (cents > MAX_PURCHASE_CENTS) return { ok: false, message: MAXIMUM_AMOUNT_MESSAGE };
  return { ok: true, cents };
}

/** What a quick-amount button puts in the input: 20 -> "20.00". */
export function quickAmountText(dollars: number): string {
  return dollars.toFixed(2);
}
