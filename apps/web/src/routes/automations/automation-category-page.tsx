import { useParams } from "react-router";
import { PlaceholderPage } from "../../components/layout/placeholder-page";
import { labelFromSegment } from "./automation-label";

/** /automations/categories/:category. */
export function AutomationCategoryPage() {
  const label = labelFromSegment(useParams().category ?? "");
  return (
    <PlaceholderPage
      title={`${label} Automations`}
      heading={`${label} Automations`}
      description="Ready-made automations of this category."
    />
  );
}
