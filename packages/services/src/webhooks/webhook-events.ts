import type { FinalRunStatus, WebhookEvent } from "@errand/contract";

/** The events a run's end matches, most specific first. */
export function eventsOfRunEnd(status: FinalRunStatus): WebhookEvent[] {
  if (status === "success") return ["run.succeeded", "run.finished"];
  if (status === "failed" || status === "error") return ["run.failed", "run.finished"];
  return ["run.finished"];
}

/**
 * The event a webhook subscribed to `events` gets for a run's end: the most specific match, so a
 * webhook gets one delivery per run's end whatever it subscribed to (ADR 0008); run.needs_person
 * deliveries come on top (queue-waiting-run-webhooks.ts). Null: no delivery.
 */
export function webhookEventFor(status: FinalRunStatus, events: readonly WebhookEvent[]): WebhookEvent | null {
  return eventsOfRunEnd(status).find((event) => events.includes(event)) ?? null;
}
