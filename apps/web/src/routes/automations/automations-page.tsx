import { PlaceholderPage } from "../../components/layout/placeholder-page";

export function AutomationsPage() {
  return (
    <PlaceholderPage
      title="Automations"
      heading="Automations"
      description="Ready-made automations you can search and filter by category or application."
    />
  );
}
