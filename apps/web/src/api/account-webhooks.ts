import { queryOptions } from "@tanstack/react-query";
import type { ApiBody, CreatedWebhook, Webhook, WebhookDelivery, WebhookTestResult } from "@errand/contract";
import { callOperation } from "./operation";

export const accountWebhookKeys = {
  all: ["account-webhooks"] as const,
  list: () => ["account-webhooks", "list"] as const,
  deliveries: (webhookId: string) => ["account-webhooks", webhookId, "deliveries"] as const,
};

/** GET /webhooks: the account's webhooks, newest first (without their secrets). */
export const accountWebhooksQueryOptions = queryOptions({
  queryKey: accountWebhookKeys.list(),
  queryFn: async ({ signal }): Promise<Webhook[]> => (await callOperation("listWebhooks", { signal })).webhooks,
});

/** GET /webhooks/{id}/deliveries: the latest 50, newest first, each with every attempt. */
export const accountWebhookDeliveriesQueryOptions = (webhookId: string) =>
  queryOptions({
    queryKey: accountWebhookKeys.deliveries(webhookId),
    queryFn: async ({ signal }): Promise<WebhookDelivery[]> =>
      (await callOperation("listWebhookEndpointDeliveries", { params: { id: webhookId }, signal })).deliveries,
    // Opening the list again shows what arrived since; while one is under way, look every few seconds.
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some((delivery) => delivery.status === "pending") ? 5000 : false),
  });

/** POST /webhooks: the answer carries the signing secret, shown this once. */
export function createAccountWebhook(body: ApiBody<"createWebhook">): Promise<CreatedWebhook> {
  return callOperation("createWebhook", { body });
}

/** DELETE /webhooks/{id} (204). */
export function deleteAccountWebhook(webhookId: string): Promise<void> {
  return callOperation("deleteWebhook", { params: { id: webhookId } });
}

/** POST /webhooks/{id}/test: answers once the endpoint answered (or the attempt failed). */
export function testAccountWebhook(webhookId: string): Promise<WebhookTestResult> {
  return callOperation("testWebhook", { params: { id: webhookId } });
}
