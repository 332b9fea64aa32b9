import type { IntegrationName } from "@errand/contract";
import { api } from "./api.ts";
import { make } from "./make.ts";
import { mcp } from "./mcp.ts";
import { n8n } from "./n8n.ts";
import type { IntegrationContent } from "./types.ts";
import { zapier } from "./zapier.ts";

export type { IntegrationContent, AutomationTabContent, IntegrationFeatureIcon } from "./types.ts";
export { INTEGRATION_FEATURE_ICONS } from "./types.ts";
export { AUTOMATION_TABS, type AutomationTabName } from "./automation-tabs.ts";

/** Content of the five landing pages, /{name}-integration. */
export const INTEGRATIONS: Record<IntegrationName, IntegrationContent> = { api, zapier, make, n8n, mcp };
