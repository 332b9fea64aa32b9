import type { IntegrationName } from "@errand/contract";
import { PlaceholderPage } from "../../components/layout/placeholder-page";
import { INTEGRATION_LABELS } from "./integration-names";

/** /{name}-integration landing page; its sections arrive in a later issue. */
export function IntegrationLandingPage({ name }: { name: IntegrationName }) {
  const label = INTEGRATION_LABELS[name];
  return (
    <PlaceholderPage
      title={`${label} Integration`}
      heading={`${label} Integration`}
      description={`Run Errand web tasks from ${label}.`}
    />
  );
}
