import { z } from "zod";
import { accountSchema, apiKeySchema, webhookSecretSchema } from "../account.ts";
import {
  createPaymentInputSchema,
  createPaymentResponseSchema,
  resetTokenStatusSchema,
  siteConfigSchema,
  transactionListSchema,
} from "../billing.ts";
import { apiErrorSchema } from "../errors.ts";
import { usageQuerySchema, usageSchema } from "../usage.ts";
import { spendingLimitInputSchema, spendingLimitSchema } from "../spending-limits.ts";
import { area, commonErrors, created, jsonBody, jsonContent, noContent, ok, okOrCsv, textParam } from "./describe.ts";

const account = area(["Account"]);
const billing = area(["Billing"]);
/** The signed-in account's own things: only a missing or bad key can go wrong. */
const own = <const S extends z.ZodType, const D extends string>(schema: S, description: D) => ({
  200: jsonContent(schema, description),
  401: commonErrors[401],
});
/** The account's own secrets: never to a named key (docs/adr/0035-named-api-keys-with-scopes.md). */
const personalOnly = <const S extends z.ZodType, const D extends string>(schema: S, description: D) => ({
  ...own(schema, description),
  403: jsonContent(apiErrorSchema, "Called with a named API key: only the personal key or the web app may"),
});

export const accountOperations = {
  getAccount: account("getAccount", { summary: "The signed-in account with its balance", responses: own(accountSchema, "The account") }),
  revealApiKey: account("revealApiKey", { summary: "Reveal your API key", responses: personalOnly(apiKeySchema, "The key") }),
  rotateApiKey: account("rotateApiKey", {
    summary: "Replace your API key; the old key stops working at once",
    responses: personalOnly(apiKeySchema, "The new key"),
  }),
  getWebhookSecret: account("getWebhookSecret", {
    summary: "Your webhook signing secret: verify the errand-signature header of webhook deliveries with it",
    responses: personalOnly(webhookSecretSchema, "The secret"),
  }),
  deleteAccount: account("deleteAccount", {
    summary: "Delete your account, its personal workspace and everything in it",
    description:
      "What you made in team workspaces stays there (its creator shows as null); you leave them, and your named keys and sessions stop working. Refused while you are the last owner of a team workspace: make another member an owner, or delete that workspace, first.",
    responses: noContent("Deleted", {
      403: jsonContent(apiErrorSchema, "Called with a named API key: only the personal key or the web app may"),
      409: jsonContent(apiErrorSchema, "You are the last owner of a team workspace (the message names it)"),
    }),
  }),
  getSiteConfig: account("getSiteConfig", {
    summary: "What this installation offers: billing on or off, configured sign-in providers (no key needed)",
    security: [],
    responses: { 200: jsonContent(siteConfigSchema, "Settings") },
  }),
  getPasswordResetStatus: account("getPasswordResetStatus", {
    summary: "Whether an e-mailed password-reset link can still be used (no key needed)",
    security: [],
    request: { params: z.object({ token: textParam("token") }) },
    responses: { 200: jsonContent(resetTokenStatusSchema, "Status") },
  }),
  createPayment: billing("createPayment", {
    summary: "Start a credit purchase: a card checkout for the amount in cents (minimum $3); returns its URL",
    request: { body: jsonBody(createPaymentInputSchema) },
    responses: created(createPaymentResponseSchema, "The checkout page to send the browser to"),
  }),
  listTransactions: billing("listTransactions", {
    summary: "Your completed purchases and grants, newest first",
    responses: ok(transactionListSchema, "Transactions"),
  }),
  getSpendingLimit: billing("getSpendingLimit", {
    summary: "The workspace's monthly spending limit, its alert thresholds and this month's spend",
    responses: ok(spendingLimitSchema, "The limit (monthly_usd null: none) and the spend"),
  }),
  setSpendingLimit: billing("setSpendingLimit", {
    summary: "Set or remove the workspace's monthly spending limit and its alert thresholds (owners and admins)",
    description:
      "Spend is what runs were charged plus their model spend (MODEL_PRICES), this calendar month in UTC. Once it reaches the limit, new runs (API, schedules, automations) are refused with 402 `spending_limit_reached`; runs already going on finish. At each alert threshold crossed, owners and admins get an e-mail and webhooks subscribed to `budget.threshold` a delivery, once a month each.",
    request: { body: jsonBody(spendingLimitInputSchema) },
    responses: ok(spendingLimitSchema, "The limit now", { 403: jsonContent(apiErrorSchema, "Only owners and admins can change it") }),
  }),
  getUsage: billing("getUsage", {
    summary: "What your runs were charged: per day (newest first) and in total, over the last `days` days",
    description:
      "With group_by member, api_key or tag, also per member, per API key or per task tag (a run with two tags counts in both). With format=csv, the rows as a CSV file (text/csv, RFC 4180, with a header row) to download.",
    request: { query: usageQuerySchema },
    responses: okOrCsv(usageSchema, "Usage"),
  }),
};
