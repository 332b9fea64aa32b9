// @errand/services/automations: the automation catalogue and its demo runs.
export { seedAutomations } from "./seed-automations.ts";
// The catalogue entry's shape lives in the contract (the content ships it, the seed takes it).
export type { AutomationSeed } from "@errand/contract";
export { listAutomations } from "./list-automations.ts";
export { getAutomationFacets } from "./get-automation-facets.ts";
export { getAutomation } from "./get-automation.ts";
export { setAutomationDemo } from "./set-automation-demo.ts";
export { recordAutomationDemo } from "./record-automation-demo.ts";
export { runAutomation } from "./run-automation.ts";
export { listAutomationDemoRuns } from "./list-automation-demo-runs.ts";
