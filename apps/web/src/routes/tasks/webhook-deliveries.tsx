import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { RotateCw } from "lucide-react";
import type { Run, WebhookAttempt, WebhookDelivery } from "@errand/contract";
import { ApiRequestError } from "../../api/http";
import { redeliverWebhook, webhookDeliveriesQueryOptions, webhookKeys } from "../../api/webhooks";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { LoadError } from "../../components/ui/load-error";
import { Skeleton } from "../../components/ui/skeleton";
import { Spinner } from "../../components/ui/spinner";
import { formatDateTime, formatDurationMs } from "../../lib/display-format";
import { notify } from "../../lib/notify";
import { useNow } from "../../lib/use-now";
import { attemptAnswer, deliveryBadge, formatAttemptTime, formatTimeUntil } from "../../lib/webhook-delivery";

/**
 * The run's webhook: each delivery with every attempt (time, answer, response time, error) and
 * the next attempt planned, and a button to send it again. Shown for runs with a webhook URL.
 */
export function WebhookDeliveries({ run }: { run: Pick<Run, "id" | "status" | "webhook_url"> }) {
  const queryClient = useQueryClient();
  const finished = run.status !== "pending";
  const deliveries = useQuery({ ...webhookDeliveriesQueryOptions(run.id), enabled: finished });
  const [sending, setSending] = useState(false);

  async function redeliver() {
    setSending(true);
    try {
      const created = await redeliverWebhook(run.id);
      queryClient.setQueryData<WebhookDelivery[]>(webhookKeys.deliveries(run.id), (list) => [
        created,
        ...(list ?? []).map((item) => (item.status === "pending" ? { ...item, status: "replaced" as const, next_attempt_at: null } : item)),
      ]);
      void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(run.id) });
      notify.success("Success", "The webhook will be sent again now.");
    } catch (error) {
      const message = error instanceof ApiRequestError && error.status === 409 ? error.serverMessage : undefined;
      notify.error("Error", message ?? "Failed to redeliver the webhook. Please try again.");
    } finally {
      setSending(false);
    }
  }

  let body;
  if (!finished) body = <Note>The webhook is sent when the run ends.</Note>;
  else if (deliveries.isPending)
    body = (
      <div className="grid gap-2" role="status" aria-label="Loading webhook deliveries">
        <Skeleton className="h-20 w-full" />
      </div>
    );
  else if (deliveries.isError)
    body = <LoadError message="The webhook deliveries could not be loaded." onRetry={() => void deliveries.refetch()} retrying={deliveries.isFetching} />;
  else if (!deliveries.data.length) body = <Note>No webhook was sent for this run.</Note>;
  else
    body = (
      <ol className="grid gap-3" aria-label="Webhook deliveries">
        {deliveries.data.map((delivery) => (
          <DeliveryItem key={delivery.id} delivery={delivery} />
        ))}
      </ol>
    );

  return (
    <section aria-labelledby="webhook-heading" className="grid content-start gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <h2 id="webhook-heading" className="font-semibold">
            Webhook
          </h2>
          <p className="text-sm break-all text-muted-foreground">{run.webhook_url}</p>
        </div>
        {finished ? (
          <Button variant="outline" size="sm" onClick={() => void redeliver()} disabled={sending}>
            {sending ? <Spinner /> : <RotateCw aria-hidden="true" />}
            Redeliver
          </Button>
        ) : null}
      </div>
      {body}
    </section>
  );
}

function Note({ children }: { children: string }) {
  return <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">{children}</p>;
}

function DeliveryItem({ delivery }: { delivery: WebhookDelivery }) {
  const now = useNow(5000);
  const badge = deliveryBadge(delivery);
  let state: string | null = delivery.status_reason;
  if (delivery.status === "pending" && delivery.next_attempt_at) {
    const when = formatTimeUntil(delivery.next_attempt_at, now);
    state = when === "now" ? "Sending now…" : `Next attempt ${when} (${formatAttemptTime(delivery.next_attempt_at)})`;
  }
  return (
    <li className="grid gap-3 rounded-lg border p-3 sm:p-4" aria-label={`${badge.label} delivery of ${formatDateTime(delivery.created_at)}`}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <Badge tone={badge.tone} data-status={delivery.status}>
          {badge.label}
        </Badge>
        <span className="font-medium">{delivery.trigger === "redelivery" ? "Redelivery" : "Run ended"}</span>
        <time className="text-muted-foreground" dateTime={delivery.created_at}>
          {formatDateTime(delivery.created_at)}
        </time>
      </div>
      {state ? <p className="text-sm">{state}</p> : null}
      <p className="text-xs break-all text-muted-foreground">
        Delivery ID <span className="font-mono">{delivery.id}</span>
      </p>
      {delivery.attempts.length ? (
        <ol className="grid gap-1.5 border-t pt-3" aria-label="Attempts">
          {delivery.attempts.map((attempt) => (
            <AttemptRow key={attempt.attempt} attempt={attempt} />
          ))}
        </ol>
      ) : null}
    </li>
  );
}

function AttemptRow({ attempt }: { attempt: WebhookAttempt }) {
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
        <span className="basis-full break-words text-muted-foreground">{attempt.error}</span>
      ) : null}
    </li>
  );
}
