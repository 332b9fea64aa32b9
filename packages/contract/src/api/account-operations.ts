import { z } from "zod";
import { accountSchema, apiKeySchema, webhookSecretSchema } from "../account.ts";
import {
  createPaymentInputSchema,
  createPaymentResponseSchema,
  resetTokenStatusSchema,
  siteConfigSchema,
  transactionListSchema,
} from "../billing.ts";
import { usageQuerySchema, usageSchema } from "../usage.ts";
import { commonErrors, jsonBody, jsonContent, operation, textParam } from "./describe.ts";

const account = ["Account"];
const billing = ["Billing"];
const unauthorized = { 401: commonErrors[401] };

export const accountOperations = {
  getAccount: operation("getAccount", {
    tags: account,
    summary: "The signed-in account with its balance",
    responses: { 200: jsonContent(accountSchema, "The account"), ...unauthorized },
  }),
  revealApiKey: operation("revealApiKey", {
    tags: account,
    summary: "Reveal your API key",
    responses: { 200: jsonContent(apiKeySchema, "The key"), ...unauthorized },
  }),
  rotateApiKey: operation("rotateApiKey", {
    tags: account,
    summary: "Replace your API key; the old key stops working at once",
    responses: { 200: jsonContent(apiKeySchema, "The new key"), ...unauthorized },
  }),
  getWebhookSecret: operation("getWebhookSecret", {
    tags: account,
    summary: "Your webhook signing secret: verify the errand-signature header of webhook deliveries with it",
    responses: { 200: jsonContent(webhookSecretSchema, "The secret"), ...unauthorized },
  }),
  getSiteConfig: operation("getSiteConfig", {
    tags: account,
    summary: "What this installation offers: billing on or off, configured sign-in providers (no key needed)",
    security: [],
    responses: { 200: jsonContent(siteConfigSchema, "Settings") },
  }),
  getPasswordResetStatus: operation("getPasswordResetStatus", {
    tags: account,
    summary: "Whether an e-mailed password-reset link can still be used (no key needed)",
    security: [],
    request: { params: z.object({ token: textParam("token") }) },
    responses: { 200: jsonContent(resetTokenStatusSchema, "Status") },
  }),
  createPayment: operation("createPayment", {
    tags: billing,
    summary: "Start a credit purchase: a card checkout for the amount in cents (minimum $3); returns its URL",
    request: { body: jsonBody(createPaymentInputSchema) },
    responses: { 201: jsonContent(createPaymentResponseSchema, "The checkout page to send the browser to"), ...commonErrors },
  }),
  listTransactions: operation("listTransactions", {
    tags: billing,
    summary: "Your completed purchases and grants, newest first",
    responses: { 200: jsonContent(transactionListSchema, "Transactions"), ...commonErrors },
  }),
  getUsage: operation("getUsage", {
    tags: billing,
    summary: "What your runs were charged: per day (newest first) and in total, over the last `days` days",
    request: { query: usageQuerySchema },
    responses: { 200: jsonContent(usageSchema, "Usage"), ...commonErrors },
  }),
};
