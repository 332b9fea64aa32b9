import { queryOptions } from "@tanstack/react-query";
import type { WebhookDelivery } from "@errand/contract";
import { callOperation } from "./operation";

export const webhookKeys = {
  deliveries: (runId: string) => ["runs", runId, "webhook-deliveries"] as const,
};

/** GET /runs/{id}/webhook-deliveries: newest first, each with every attempt. */
export const webhookDeliveriesQueryOptions = (runId: string) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(runId),
    queryFn: async ({ signal }): Promise<WebhookDelivery[]> =>
      (await callOperation("listWebhookDeliveries", { params: { id: runId }, signal })).deliveries,
    // While a delivery is under way its attempts keep coming: look again every few seconds.
    refetchInterval: (query) => (query.state.data?.some((delivery) => delivery.status === "pending") ? 5000 : false),
  });

/** POST /runs/{id}/webhook-deliveries/redeliver: a new delivery, due now. */
export function redeliverWebhook(runId: string): Promise<WebhookDelivery> {
  return callOperation("redeliverWebhook", { params: { id: runId } });
}
