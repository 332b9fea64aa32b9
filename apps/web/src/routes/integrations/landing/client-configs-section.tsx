import type { IntegrationContent } from "@errand/content/integrations";
import { SamplePanel } from "./sample-panel";
import { LandingSection } from "./section-heading";

/** How each client is configured (the MCP page): one copyable sample per client. */
export function ClientConfigsSection({ configs }: { configs: NonNullable<IntegrationContent["clientConfigs"]> }) {
  return (
    <LandingSection
      id="integration-clients"
      title="Connect your assistant"
      intro="Replace your-api-key with the key from the API Keys page and your-errand-host with your Errand address."
    >
      <ul role="list" className="mt-8 grid gap-8 lg:grid-cols-2">
        {configs.map(({ client, ...sample }) => (
          <li key={client} className="min-w-0">
            <h3 className="mb-3 font-semibold">{client}</h3>
            <SamplePanel label={client} sample={sample} />
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
