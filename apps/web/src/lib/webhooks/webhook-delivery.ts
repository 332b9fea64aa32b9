import type { WebhookAttempt, WebhookDelivery } from "@errand/contract";
import type { StatusTone } from "../runs/run-status";
import { dateTimeFormat } from "../format/intl-cache";

/**
 * Wording of webhook deliveries (a run's, and an account webhook's) (pure: unit-tested in node).
 */

/** The badge of a delivery: Queued or Retrying while pending, then Delivered, Failed or Replaced. */
export function deliveryBadge(delivery: Pick<WebhookDelivery, "status" | "attempts">): { label: string; tone: StatusTone } {
  switch (delivery.status) {
    case "pending":
      return { label: delivery.attempts.length ? "Retrying" : "Queued", tone: "pending" };
    case "delivered":
      return { label: "Delivered", tone: "success" };
    case "failed":
      return { label: "Failed", tone: "failure" };
    default:
      return { label: "Replaced", tone: "neutral" };
  }
}

/** What made the delivery, in words: the run ending, a redelivery asked for, a test, or the run waiting for a person. */
export function deliveryTriggerLabel(trigger: WebhookDelivery["trigger"]): string {
  switch (trigger) {
    case "redelivery":
      return "Redelivery";
    case "test":
      return "Test";
    case "needs_person":
      return "A person is needed";
    case "needs_approval":
      return "Approval is needed";
    case "batch_finished":
      return "Batch finished";
    default:
      return "Run ended";
  }
}

/** "in 30 s", "in 5 min", "in 2 h", or "now" once the time has come. */
export function formatTimeUntil(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (Number.isNaN(seconds)) return iso;
  if (seconds <= 0) return "now";
  if (seconds < 90) return `in ${seconds} s`;
  if (seconds < 90 * 60) return `in ${Math.round(seconds / 60)} min`;
  return `in ${Math.round(seconds / 360) / 10} h`;
}

/** What the endpoint answered: "HTTP 204", or "No answer" when none came. */
export function attemptAnswer(attempt: Pick<WebhookAttempt, "status_code">): string {
  return attempt.status_code === null ? "No answer" : `HTTP ${attempt.status_code}`;
}

/** An attempt's time to the second ("Mar 4, 2026, 2:05:30 PM"): retries can be seconds apart. */
export function formatAttemptTime(iso: string, locale?: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "medium", timeZone }).format(date);
}
