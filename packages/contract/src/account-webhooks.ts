import { z } from "zod";
import { httpUrl } from "./runs.ts";

/**
 * Resource: the account's webhooks. Each one gets a signed POST when a run of the account ends
 * with an event it subscribed to; no-code tools' instant triggers subscribe and unsubscribe
 * through them (REST hooks).
 */
export const WEBHOOK_EVENTS = [
  "run.finished",
  "run.succeeded",
  "run.failed",
  "run.needs_person",
  "run.needs_approval",
  "budget.threshold",
  "batch.finished",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** The event of a test delivery (POST /webhooks/{id}/test); never subscribed to. */
export const WEBHOOK_TEST_EVENT = "webhook.test";
/** Webhooks one account may have. */
export const MAX_WEBHOOKS_PER_ACCOUNT = 25;
export const WEBHOOK_DESCRIPTION_MAX = 200;

/** What each event means and which one a delivery carries, for the API's documentation. */
export const WEBHOOK_EVENT_RULES =
  "`run.succeeded`: a run ended with status success. `run.failed`: a run ended failed or error. `run.finished`: a run ended with any final status (cancelled included). " +
  "A webhook gets one delivery per run for its end, never more: its `event` is the most specific event the webhook subscribed to that matches (`run.succeeded` or `run.failed` before `run.finished`); a run that matches none of its events sends it nothing. " +
  "`run.needs_person`: a running run waits for a person to take control (a challenge the agent cannot solve); it comes on top of the end's delivery, once each time the run asks, with `reason` and `run_url` (the run's page, where the live view's Take control is). " +
  '`run.needs_approval`: a running run waits for a person to approve or deny an action (docs/adr/0048-approval-before-irreversible-actions.md); on top of the end\'s delivery, once each time it asks, with `text` (one line for a chat message), `action` (as the run\'s `needs_approval`), `run_url` and `approval_url` (POST `{"decision": "approve"|"deny"}` to it with an API key). ' +
  "`budget.threshold`: the workspace's spending this month crossed one of its alert thresholds (a percentage of its monthly limit); once per threshold and month, with `threshold`, `monthly_usd`, `spent_usd`, `month` and the `run_id` that crossed it. " +
  "`batch.finished`: every row of a batch has ended (docs/adr/0041-batches.md); once per batch (again after re-running failed rows), with the `batch` and its counts per outcome and total cost.";

const eventsField = z
  .array(z.enum(WEBHOOK_EVENTS, { error: `events must be one or more of ${WEBHOOK_EVENTS.join(", ")}` }), {
    error: "events must be a list of event names",
  })
  .min(1, "events must name at least one event")
  .max(WEBHOOK_EVENTS.length, `events must name at most ${WEBHOOK_EVENTS.length} events`)
  .refine((events) => new Set(events).size === events.length, { error: "events must not name an event twice" });

export const webhookSchema = z.object({
  id: z.uuid(),
  url: z.string().meta({ description: "Where deliveries are POSTed" }),
  events: z.array(z.enum(WEBHOOK_EVENTS)).meta({ description: "The events this webhook gets" }),
  description: z.string().nullable(),
  created_at: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const createWebhookSchema = z.object({
  url: httpUrl("url"),
  events: eventsField,
  description: z
    .string()
    .trim()
    .max(WEBHOOK_DESCRIPTION_MAX, `description must be at most ${WEBHOOK_DESCRIPTION_MAX} characters`)
    .optional(),
});
export type CreateWebhook = z.infer<typeof createWebhookSchema>;

export const createdWebhookSchema = webhookSchema.extend({
  secret: z.string().meta({
    description:
      "This webhook's signing secret: verify the errand-signature header of its deliveries with it. Shown only in this answer; store it.",
  }),
});
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhookListSchema = z.object({
  webhooks: z.array(webhookSchema).meta({ description: "Newest first" }),
});

export const webhookTestResultSchema = z.object({
  ok: z.boolean().meta({ description: "The endpoint answered 2xx" }),
  status_code: z.number().int().nullable().meta({ description: "The endpoint's HTTP status, or null when no answer came" }),
  error: z.string().nullable().meta({ description: "Why the test failed; null when ok" }),
  duration_ms: z.number().int().meta({ description: "Milliseconds until the answer (or the failure)" }),
});
export type WebhookTestResult = z.infer<typeof webhookTestResultSchema>;
