/** Back from the checkout: /credits?payment=success or ?payment=cancelled. */
export type PaymentOutcome = "success" | "cancelled";

export const POLL_INTERVAL_MS = 2_000;
export const POLL_TIMEOUT_MS = 20_000;

export function readPaymentOutcome(value: string | null): PaymentOutcome | null {
  return value === "success" || value === "cancelled" ? value : null;
}

/** The query without `payment` (and the checkout's `session_id`), other parameters kept. */
export function withoutPaymentParam(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete("payment");
  next.delete("session_id");
  return next;
}

/**
 * Whether the purchase shows in the transaction list yet: its id when this tab started the
 * payment, else any change from the first list seen after coming back.
 */
export function paymentArrived(ids: readonly string[], pendingId: string | null, baseline: readonly string[] | null): boolean {
  if (pendingId) return ids.includes(pendingId);
  if (!baseline) return false;
  return ids.length !== baseline.length || ids.some((id, index) => id !== baseline[index]);
}
