// @errand/services/billing: payments, holds and settlement, usage and transactions.
export { createStripeClient } from "./create-stripe-client.ts";
export { createPayment } from "./create-payment.ts";
export { handleStripeWebhook, type WebhookOutcome } from "./handle-stripe-webhook.ts";
export { listTransactions } from "./list-transactions.ts";
export { getUsage } from "./get-usage.ts";
export { getUsageCsv, type UsageCsv } from "./usage-csv.ts";
export { grantCredits } from "./grant-credits.ts";
export { getSpendingLimit, setSpendingLimit } from "./spending-limit.ts";
