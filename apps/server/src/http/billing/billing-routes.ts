import { createPaymentInputSchema, createPaymentResponseSchema, transactionListSchema } from "@errand/contract";
import { createPayment, getAccount, listTransactions, type ServiceContext } from "@errand/services";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";
import { commonErrors, jsonContent } from "../openapi-helpers.ts";

const tags = ["Billing"];

const createPaymentRoute = createRoute({
  method: "post",
  path: "/payments",
  tags,
  summary: "Start a credit purchase: a card checkout for the amount in cents (minimum $3); returns its URL",
  request: { body: { content: { "application/json": { schema: createPaymentInputSchema } }, required: true } },
  responses: { 201: jsonContent(createPaymentResponseSchema, "The checkout page to send the browser to"), ...commonErrors },
});

const listTransactionsRoute = createRoute({
  method: "get",
  path: "/transactions",
  tags,
  summary: "Your completed purchases and grants, newest first",
  responses: { 200: jsonContent(transactionListSchema, "Transactions"), ...commonErrors },
});

export function registerBillingRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  api.openapi(createPaymentRoute, async (c) => {
    const { userId } = c.get("caller");
    const { email } = await getAccount({ ctx, input: { userId } });
    const payment = await createPayment({ ctx, input: { userId, email, amountCents: c.req.valid("json").amount } });
    return c.json(payment, 201);
  });
  api.openapi(listTransactionsRoute, async (c) => c.json(await listTransactions({ ctx, input: { userId: c.get("caller").userId } }), 200));
}
