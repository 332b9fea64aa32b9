import { PlaceholderPage } from "../../components/layout/placeholder-page";

export function ApiKeysPage() {
  return (
    <PlaceholderPage
      title="API Keys"
      heading="API Keys"
      description="Use your API key to run tasks from the API, MCP and no-code integrations."
    />
  );
}
