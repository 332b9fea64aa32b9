import { accountOperations } from "@errand/contract";
import { createPayment, getSpendingLimit, listTransactions, setSpendingLimit } from "@errand/services/billing";
import type { ServiceContext } from "@errand/services";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";
import { verbServer } from "../serve-verb.ts";

export function registerBillingRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  const serve = verbServer(api, ctx);
  serve(accountOperations.createPayment, ({ json }) => ({ amountCents: json.amount }), createPayment);
  serve(accountOperations.listTransactions, () => ({}), listTransactions);
  serve(accountOperations.getSpendingLimit, () => ({}), getSpendingLimit);
  serve(accountOperations.setSpendingLimit, ({ json }) => ({ limit: json }), setSpendingLimit);
}
