import type { IntegrationName } from "@errand/contract";
import { INTEGRATION_MARKS } from "./marks/integration-marks";
import { MarkSvg } from "./marks/mark-svg";

/**
 * The drawn mark of an integration (API, Zapier, Make, n8n, MCP). Hidden from assistive technology
 * unless `label` is given (it usually sits next to its name).
 */
export function IntegrationIcon({ name, className, label }: { name: IntegrationName; className?: string; label?: string }) {
  // The type rules out other names, but a value from a URL may still slip through: draw nothing then.
  if (!Object.hasOwn(INTEGRATION_MARKS, name)) return null;
  const Mark = INTEGRATION_MARKS[name];
  return (
    <MarkSvg className={className} label={label}>
      <Mark />
    </MarkSvg>
  );
}
