import { useParams } from "react-router";
import { PlaceholderPage } from "../../components/layout/placeholder-page";

/** /automations/applications/:application. */
export function AutomationApplicationPage() {
  const application = decodeURIComponent(useParams().application ?? "");
  return (
    <PlaceholderPage
      title={`${application} Automations`}
      heading={`${application} Automations`}
      description="Ready-made automations for this application."
    />
  );
}
