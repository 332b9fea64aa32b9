import { INTEGRATION_LABELS, INTEGRATION_NAMES, type IntegrationName } from "@errand/contract";

export { INTEGRATION_LABELS };

export const INTEGRATION_SUFFIX = "-integration";

export function isIntegrationName(value: string): value is IntegrationName {
  return (INTEGRATION_NAMES as readonly string[]).includes(value);
}

/** "zapier" or "zapier-integration" -> "zapier"; anything else keeps its text. */
export function integrationNameFromSegment(segment: string): string {
  const lower = segment.toLowerCase();
  return lower.endsWith(INTEGRATION_SUFFIX) ? lower.slice(0, -INTEGRATION_SUFFIX.length) : lower;
}
