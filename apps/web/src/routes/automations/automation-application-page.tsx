import { useParams } from "react-router";
import { findApplication } from "@errand/content/applications";
import { MarketplacePage } from "./marketplace-page";

/** /automations/applications/:application (its key, e.g. "hacker-news", or its label). */
export function AutomationApplicationPage() {
  const segment = useParams().application ?? "";
  const key = findApplication(segment)?.key ?? segment.toLowerCase();
  return <MarketplacePage key={key} scope={{ kind: "application", key }} />;
}
