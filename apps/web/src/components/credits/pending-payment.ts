/**
 * The id of the payment the browser left for checkout, kept for this tab so /credits can tell
 * when it appears in the transaction list. Storage failures are only logged (spec section 8).
 */
const PENDING_PAYMENT_KEY = "errand.pending-payment";

export function rememberPendingPayment(transactionId: string): void {
  try {
    window.sessionStorage.setItem(PENDING_PAYMENT_KEY, transactionId);
  } catch (error) {
    console.warn("Could not remember the pending payment", error);
  }
}

export function readPendingPayment(): string | null {
  try {
    return window.sessionStorage.getItem(PENDING_PAYMENT_KEY);
  } catch (error) {
    console.warn("Could not read the pending payment", error);
    return null;
  }
}

export function clearPendingPayment(): void {
  try {
    window.sessionStorage.removeItem(PENDING_PAYMENT_KEY);
  } catch (error) {
    console.warn("Could not clear the pending payment", error);
  }
}
