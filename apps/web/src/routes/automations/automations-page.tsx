import { MarketplacePage } from "./marketplace-page";

/** /automations: the whole marketplace. */
export function AutomationsPage() {
  return <MarketplacePage scope={{ kind: "all" }} />;
}
