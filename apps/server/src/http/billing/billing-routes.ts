import { accountOperations } from "@errand/contract";
import { createPayment, listTransactions } from "@errand/services/billing";
import type { ServiceContext } from "@errand/services";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";

const createPaymentRoute = createRoute(accountOperations.createPayment);

const listTransactionsRoute = createRoute(accountOperations.listTransactions);

export function registerBillingRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  api.openapi(createPaymentRoute, async (c) => {
    const payment = await createPayment({ ctx, caller: c.get("caller"), input: { amountCents: c.req.valid("json").amount } });
    return c.json(payment, 201);
  });
  api.openapi(listTransactionsRoute, async (c) => c.json(await listTransactions({ ctx, caller: c.get("caller"), input: {} }), 200));
}
