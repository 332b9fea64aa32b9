import { queryOptions } from "@tanstack/react-query";
import { webhookDeliveriesSchema, webhookDeliverySchema, type WebhookDelivery } from "@errand/contract";
import { apiRequest } from "./http";

export const webhookKeys = {
  deliveries: (runId: string) => ["runs", runId, "webhook-deliveries"] as const,
};

const path = (runId: string) => `/api/v1/runs/${encodeURIComponent(runId)}/webhook-deliveries`;

/** GET /runs/{id}/webhook-deliveries: newest first, each with every attempt. */
export const webhookDeliveriesQueryOptions = (runId: string) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(runId),
    queryFn: async ({ signal }): Promise<WebhookDelivery[]> => (await apiRequest(path(runId), webhookDeliveriesSchema, { signal })).deliveries,
    // While a delivery is under way its attempts keep coming: look again every few seconds.
    refetchInterval: (query) => (query.state.data?.some((delivery) => delivery.status === "pending") ? 5000 : false),
  });

/** POST /runs/{id}/webhook-deliveries/redeliver: a new delivery, due now. */
export function redeliverWebhook(runId: string): Promise<WebhookDelivery> {
  return apiRequest(`${path(runId)}/redeliver`, webhookDeliverySchema, { method: "POST" });
}
