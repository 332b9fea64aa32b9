import { WEBHOOK_EVENTS, type WebhookEvent, type WebhookTestResult } from "@errand/contract";
import { formatDurationMs } from "../format/display-format";

/**
 * Wording of the account's webhooks on the API Keys page (pure: unit-tested in node).
 */

const EVENT_LABELS: Record<WebhookEvent, string> = {
  "run.finished": "Run finished",
  "run.succeeded": "Run succeeded",
  "run.failed": "Run failed",
  "run.needs_person": "A person is needed",
  "run.needs_approval": "Approval is needed",
  "budget.threshold": "Spending alert",
  "batch.finished": "Batch finished",
};

/** "Run finished", "Run succeeded", "Run failed", "A person is needed", "Spending alert". */
export function webhookEventLabel(event: WebhookEvent): string {
  return EVENT_LABELS[event];
}

/** A webhook's events in words, in the contract's order: "Run succeeded, Run failed". */
export function webhookEventsText(events: readonly WebhookEvent[]): string {
  return WEBHOOK_EVENTS.filter((event) => events.includes(event))
    .map(webhookEventLabel)
    .join(", ");
}

/** How a test went, in a line: "Delivered: 204 in 83 ms", or "Not delivered: <why>". */
export function webhookTestOutcome(result: WebhookTestResult): string {
  if (result.ok) return `Delivered: ${result.status_code ?? "2xx"} in ${formatDurationMs(result.duration_ms)}`;
  return `Not delivered: ${result.error ?? (result.status_code === null ? "no answer" : `HTTP ${result.status_code}`)}`;
}
