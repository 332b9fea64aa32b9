import { queryOptions } from "@tanstack/react-query";
import {
  PAYMENT_FAILED_MESSAGE,
  type CreatePaymentResponse,
  type SpendingLimit,
  type SpendingLimitInput,
  type TransactionList,
} from "@errand/contract";
import { callOperation } from "./operation";

// Imports the contract's zod schemas: only the lazy signed-in pages may import this module.

export const transactionsQueryKey = ["transactions"] as const;

/** GET /transactions: completed transactions, newest first. */
export function getTransactions(signal?: AbortSignal): Promise<TransactionList> {
  return callOperation("listTransactions", { signal });
}

export const transactionsQueryOptions = queryOptions({
  queryKey: transactionsQueryKey,
  queryFn: ({ signal }) => getTransactions(signal),
});

/**
 * POST /payments with the amount in cents. The answer's checkout address must be a web page:
 * the browser is sent there next.
 */
export async function createPayment(amountCents: number): Promise<CreatePaymentResponse> {
  const payment = await callOperation("createPayment", { body: { amount: amountCents } });
  if (!/^https?:\/\//i.test(payment.sessionUrl)) throw new Error(PAYMENT_FAILED_MESSAGE);
  return payment;
}

export const spendingLimitQueryKey = ["spending-limit"] as const;

/** GET /workspaces/current/spending-limit: the monthly limit, its alert thresholds and this month's spend. */
export const spendingLimitQueryOptions = queryOptions({
  queryKey: spendingLimitQueryKey,
  queryFn: ({ signal }) => callOperation("getSpendingLimit", { signal }),
});

/** PUT /workspaces/current/spending-limit (owners and admins); monthly_usd null removes the limit. */
export function saveSpendingLimit(limit: SpendingLimitInput): Promise<SpendingLimit> {
  return callOperation("setSpendingLimit", { body: limit });
}
