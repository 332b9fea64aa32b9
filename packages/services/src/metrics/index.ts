// @errand/services/metrics: the counters of this process and who may read them
// (docs/adr/0024-metrics-and-logs.md).
export { createMetrics, observeRunEnd, RUN_STATES, type Metrics } from "./errand-metrics.ts";
export { renderMetrics } from "./render-metrics.ts";
export { checkMetricsAccess, type MetricsAccess } from "./metrics-token.ts";
export { METRICS_CONTENT_TYPE } from "./registry.ts";
