import { useParams } from "react-router";
import { MarketplacePage } from "./marketplace-page";

/** /automations/categories/:category. */
export function AutomationCategoryPage() {
  const slug = (useParams().category ?? "").toLowerCase();
  return <MarketplacePage key={slug} scope={{ kind: "category", slug }} />;
}
