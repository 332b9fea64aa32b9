import { useQuery, useQueryClient } from "@tanstack/react-query";
import { RotateCw } from "lucide-react";
import type { Run, WebhookDelivery } from "@errand/contract";
import { ApiRequestError } from "../../api/http";
import { redeliverWebhook, webhookDeliveriesQueryOptions, webhookKeys } from "../../api/webhooks";
import { BusyButton } from "../../components/ui/busy-button";
import { EmptyNote, QueryStates } from "../../components/ui/query-states";
import { LoadingBars } from "../../components/ui/skeleton";
import { useSubmit } from "../../components/ui/use-submit";
import { WebhookDeliveryItem } from "../../components/webhooks/webhook-delivery-item";
import { notify } from "../../components/ui/notify";
import { RoleNote } from "../../workspaces/role-note";
import { useCan } from "../../workspaces/use-workspace-allows";

/**
 * The run's webhook: each delivery with every attempt (time, answer, response time, error) and
 * the next attempt planned, and a button to send it again. Shown for runs with a webhook URL.
 */
export function WebhookDeliveries({ run }: { run: Pick<Run, "id" | "status" | "webhook_url"> }) {
  const queryClient = useQueryClient();
  const finished = run.status !== "pending";
  const canRedeliver = useCan("manage");
  const deliveries = useQuery({ ...webhookDeliveriesQueryOptions(run.id), enabled: finished });
  const redeliver = useSubmit({
    action: () => redeliverWebhook(run.id),
    onSuccess: (created) => {
      // The new delivery replaces the one still waiting to be retried.
      queryClient.setQueryData<WebhookDelivery[]>(webhookKeys.deliveries(run.id), (list) => [
        created,
        ...(list ?? []).map((item) => (item.status === "pending" ? { ...item, status: "replaced" as const, next_attempt_at: null } : item)),
      ]);
      void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(run.id) });
      notify.success("Success", "The webhook will be sent again now.");
    },
    // 409: the server says why it cannot be sent again now.
    failure: (error) => ({
      message:
        (error instanceof ApiRequestError && error.status === 409 && error.serverMessage) ||
        "Failed to redeliver the webhook. Please try again.",
    }),
  });

  let body;
  if (!finished) body = <EmptyNote>The webhook is sent when the run ends.</EmptyNote>;
  else
    body = (
      <QueryStates
        query={deliveries}
        loading={<LoadingBars label="Loading webhook deliveries" bars={["h-20 w-full"]} />}
        failed="The webhook deliveries could not be loaded."
        empty={<EmptyNote>No webhook was sent for this run.</EmptyNote>}
      >
        {(list) => (
          <ol className="grid gap-3" aria-label="Webhook deliveries">
            {list.map((delivery) => (
              <WebhookDeliveryItem key={delivery.id} delivery={delivery} />
            ))}
          </ol>
        )}
      </QueryStates>
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
        {finished && canRedeliver ? (
          <BusyButton
            variant="outline"
            size="sm"
            onClick={() => redeliver.run()}
            busy={redeliver.busy}
            icon={<RotateCw aria-hidden="true" />}
          >
            Redeliver
          </BusyButton>
        ) : null}
      </div>
      {finished && !canRedeliver ? <RoleNote operation="manage" what="send a webhook again" /> : null}
      {body}
    </section>
  );
}
