import type { ReactNode } from "react";
import type { WebhookAttempt, WebhookDelivery } from "@errand/contract";
import { formatDateTime, formatDurationMs } from "../../lib/format/display-format";
import { useNow } from "../../lib/hooks/use-now";
import {
  attemptAnswer,
  deliveryBadge,
  deliveryTriggerLabel,
  formatAttemptTime,
  formatTimeUntil,
} from "../../lib/webhooks/webhook-delivery";
import { Badge } from "../ui/badge";

/**
 * One webhook delivery with every attempt (time, answer, response time, error) and the next
 * attempt planned: on a run's page and under an account webhook. `children` adds lines of the
 * caller's own (e.g. the run it reports).
 */
export function WebhookDeliveryItem({ delivery, children }: { delivery: WebhookDelivery; children?: ReactNode }) {
  const now = useNow(5000);
  const badge = deliveryBadge(delivery);
  let state: string | null = delivery.status_reason;
  if (delivery.status === "pending" && delivery.next_attempt_at) {
    const when = formatTimeUntil(delivery.next_attempt_at, now);
    state = when === "now" ? "Sending now…" : `Next attempt ${when} (${formatAttemptTime(delivery.next_attempt_at)})`;
  }
  return (
    <li
      className="grid min-w-0 grid-cols-1 gap-3 rounded-lg border p-3 sm:p-4"
      aria-label={`${badge.label} delivery of ${formatDateTime(delivery.created_at)}`}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <Badge tone={badge.tone} data-status={delivery.status}>
          {badge.label}
        </Badge>
        <span className="font-medium">{deliveryTriggerLabel(delivery.trigger)}</span>
        <time className="text-muted-foreground" dateTime={delivery.created_at}>
          {formatDateTime(delivery.created_at)}
        </time>
      </div>
      {state ? <p className="text-sm [overflow-wrap:anywhere]">{state}</p> : null}
      {children}
      <p className="text-xs break-all text-muted-foreground">
        Delivery ID <span className="font-mono">{delivery.id}</span>
      </p>
      {delivery.attempts.length ? (
        <ol className="grid gap-1.5 border-t pt-3" aria-label="Attempts">
          {delivery.attempts.map((attempt) => (
            <WebhookAttemptRow key={attempt.attempt} attempt={attempt} />
          ))}
        </ol>
      ) : null}
    </li>
  );
}

function WebhookAttemptRow({ attempt }: { attempt: WebhookAttempt }) {
  const ok = attempt.error === null;
  return (
    <li className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 text-sm">
      <span className="font-medium tabular-nums">Attempt {attempt.attempt}</span>
      <time className="text-muted-foreground" dateTime={attempt.at}>
        {formatAttemptTime(attempt.at)}
      </time>
      <span className={ok ? "text-green-700" : "text-destructive"}>{attemptAnswer(attempt)}</span>
      <span className="text-muted-foreground tabular-nums">{formatDurationMs(attempt.response_time_ms)}</span>
      {attempt.error && attempt.error !== `Endpoint answered ${attempt.status_code}` ? (
        <span className="basis-full text-muted-foreground [overflow-wrap:anywhere]">{attempt.error}</span>
      ) : null}
    </li>
  );
}
