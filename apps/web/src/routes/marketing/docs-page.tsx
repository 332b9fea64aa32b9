import { PlaceholderPage } from "../../components/layout/placeholder-page";

export function DocsPage() {
  return (
    <PlaceholderPage
      title="API Reference"
      heading="API Reference"
      description="Run web tasks from your own code with the Errand REST API."
    />
  );
}
