import type { Metrics } from "@errand/services/metrics";

/**
 * Counts a browser context in errand_browser_contexts_open until it closes, however it closes
 * (the run's end, a login browser's timeout, the browser going away): its "close" event.
 */
export function countOpenContext(metrics: Metrics | undefined, context: { once(event: "close", listener: () => void): unknown }): void {
  if (!metrics) return;
  metrics.browserContexts.inc();
  context.once("close", () => metrics.browserContexts.dec());
}
