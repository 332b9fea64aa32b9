import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { accountWebhookDeliveriesQueryOptions } from "../../api/account-webhooks";
import { Button } from "../../components/ui/button";
import { EmptyNote, QueryStates } from "../../components/ui/query-states";
import { LoadingBars } from "../../components/ui/skeleton";
import { Spinner } from "../../components/ui/spinner";
import { WebhookDeliveryItem } from "../../components/webhooks/webhook-delivery-item";

/** An account webhook's latest deliveries, each with its attempts and the run it reports. */
export function WebhookEndpointDeliveries({ id, webhookId }: { id: string; webhookId: string }) {
  const deliveries = useQuery(accountWebhookDeliveriesQueryOptions(webhookId));

  const body = (
    <QueryStates
      query={deliveries}
      loading={<LoadingBars label="Loading webhook deliveries" bars={["h-20 w-full"]} />}
      failed="The deliveries could not be loaded."
      empty={<EmptyNote>No deliveries yet. One is sent when a run ends with an event of this webhook, or when you send a test.</EmptyNote>}
    >
      {(list) => (
        <ol className="grid gap-3" aria-label="Deliveries">
          {list.map((delivery) => (
            <WebhookDeliveryItem key={delivery.id} delivery={delivery}>
              {delivery.run_id ? <RunLine runId={delivery.run_id} taskId={delivery.task_id} /> : null}
            </WebhookDeliveryItem>
          ))}
        </ol>
      )}
    </QueryStates>
  );

  return (
    <section id={id} aria-label="Deliveries" className="grid gap-3 border-t pt-3">
      <div className="flex items-center justify-between gap-2">
        <h4 className="text-sm font-semibold">Latest deliveries</h4>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void deliveries.refetch()}
          disabled={deliveries.isFetching}
          aria-label="Refresh deliveries"
        >
          {deliveries.isFetching && !deliveries.isPending ? <Spinner /> : <RefreshCw aria-hidden="true" />}
          <span aria-hidden="true">Refresh</span>
        </Button>
      </div>
      {body}
    </section>
  );
}

/** The run a delivery reports, linked to its page. */
function RunLine({ runId, taskId }: { runId: string; taskId: string | null }) {
  return (
    <p className="flex min-w-0 flex-wrap items-center gap-x-2 text-sm">
      <span className="text-muted-foreground">Run</span>
      <span className="min-w-0 font-mono text-xs break-all">{runId}</span>
      {taskId ? (
        <Link to={`/tasks/${taskId}/task-runs/${runId}`} className="font-medium text-primary underline-offset-4 hover:underline">
          Open run
        </Link>
      ) : (
        <span className="text-muted-foreground">(deleted)</span>
      )}
    </p>
  );
}
