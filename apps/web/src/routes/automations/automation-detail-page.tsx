import { PlaceholderPage } from "../../components/layout/placeholder-page";

/** /automations/:slug (the slug may end in -api, -make, -n8n or -zapier). */
export function AutomationDetailPage() {
  return (
    <PlaceholderPage
      title="Automation"
      heading="Automation"
      description="What this automation does, a replay of a sample run, and how to use it."
    />
  );
}
