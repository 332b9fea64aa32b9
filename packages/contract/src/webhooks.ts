import { z } from "zod";

/**
 * Resource: deliveries of a run's outcome to its webhook URL. Delivery is at least once: a
 * receiver may get the same delivery more than once and deduplicates on its id (header
 * `errand-delivery-id`, body field `delivery_id`), which stays the same on every retry.
 */
export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed", "replaced"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
/** What made the delivery: the run ending, its owner asking for it again, a test of an account webhook, or the run waiting for a person. */
export const WEBHOOK_TRIGGERS = [
  "run_finished",
  "redelivery",
  "test",
  "needs_person",
  "needs_approval",
  "budget_threshold",
  "batch_finished",
] as const;
export type WebhookTrigger = (typeof WEBHOOK_TRIGGERS)[number];

/** Headers of every delivery (the signature header is described with the secret). */
export const WEBHOOK_DELIVERY_ID_HEADER = "errand-delivery-id";
export const WEBHOOK_RUN_ID_HEADER = "errand-run-id";

/**
 * Seconds waited after each failed attempt before the next: 13 attempts spread over about 32
 * hours, then the delivery gives up (status `failed`).
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [30, 60, 120, 300, 600, 1800, 3600, 7200, 14_400, 28_800, 28_800, 28_800] as const;
/** How long one attempt waits for the answer. */
export const WEBHOOK_TIMEOUT_SECONDS = 10;

const span = (seconds: number) => (seconds < 60 ? `${seconds} s` : seconds < 3600 ? `${seconds / 60} min` : `${seconds / 3600} h`);
/** The delivery rules in a sentence or two, for the API's documentation. */
export const WEBHOOK_DELIVERY_RULES =
  `Delivery is at least once: the same delivery may arrive more than once, so deduplicate on its id (header \`${WEBHOOK_DELIVERY_ID_HEADER}\`, body field \`delivery_id\`), which stays the same on every retry. ` +
  `An attempt without a 2xx answer within ${WEBHOOK_TIMEOUT_SECONDS} s is retried after ${WEBHOOK_RETRY_DELAYS_SECONDS.map(span).join(", ")}: ` +
  `${WEBHOOK_RETRY_DELAYS_SECONDS.length + 1} attempts over about ${Math.round(WEBHOOK_RETRY_DELAYS_SECONDS.reduce((sum, s) => sum + s, 0) / 3600)} hours, then the delivery gives up (status \`failed\`). ` +
  "Redirects are not followed, and private, loopback and link-local addresses are refused.";

export const webhookAttemptSchema = z.object({
  attempt: z.number().int().meta({ description: "1 for the first attempt of the delivery" }),
  at: z.string().meta({ description: "When the request was sent (ISO 8601)" }),
  status_code: z.number().int().nullable().meta({ description: "The endpoint's HTTP status, or null when no answer came" }),
  response_time_ms: z.number().int().nullable().meta({ description: "Milliseconds until the answer (or the failure)" }),
  error: z.string().nullable().meta({ description: "Why the attempt failed; null when the endpoint answered 2xx" }),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z.object({
  id: z
    .uuid()
    .meta({ description: "The delivery id, sent as `errand-delivery-id` and `delivery_id`; the same on every retry of this delivery" }),
  run_id: z.uuid().nullable().meta({ description: "The run whose end it reports; null for a test delivery of an account webhook" }),
  task_id: z
    .uuid()
    .nullable()
    .meta({ description: "The task of that run (its page is /tasks/{task_id}/task-runs/{run_id}); null for a test delivery" }),
  trigger: z.enum(WEBHOOK_TRIGGERS),
  url: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).meta({
    description:
      "pending (an attempt is planned or under way), delivered (a 2xx answer), failed (given up), replaced (a redelivery took over)",
  }),
  status_reason: z.string().nullable().meta({ description: "Why a delivery failed or was replaced" }),
  next_attempt_at: z.string().nullable().meta({ description: "When the next attempt is planned, while the delivery is pending" }),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  attempts: z.array(webhookAttemptSchema).meta({ description: "Every attempt, oldest first" }),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesSchema = z.object({
  deliveries: z.array(webhookDeliverySchema).meta({ description: "Newest first" }),
});
