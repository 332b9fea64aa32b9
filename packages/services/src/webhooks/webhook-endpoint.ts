/**
 * The endpoint a webhook URL belongs to: its origin (scheme, host, and the port unless it is the
 * scheme's default). Deliveries in flight are limited per endpoint, so one slow receiver cannot
 * take every delivery slot.
 */
export function webhookEndpoint(url: string): string {
  return new URL(url).origin;
}
