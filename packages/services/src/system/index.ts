// The process's own health: readiness for probes (docs/adr/0027-services-areas-and-ownership.md).
export { checkHealth, type BrowserCheck, type CheckResult, type HealthDatabase, type Readiness } from "./check-health.ts";
