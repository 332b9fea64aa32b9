import type { QueryClient } from "@tanstack/react-query";
import type { Automation, AutomationFacets, AutomationList, AutomationListQuery } from "@errand/contract";
import { automationQueryKeys } from "./automation-query-keys";

const LIST = "/api/v1/automations";
const FACETS = `${LIST}/facets`;

/**
 * Puts the public API answers the server embedded in a page (by GET path, see the server's
 * public-page resolver) into the query cache, under the keys the pages read them by. The
 * server renders a public page from this cache and the browser hydrates it from the same one,
 * so both render the same HTML. Paths it does not know stay for `apiRequest` (used once).
 */
export function seedEmbeddedQueries(queryClient: QueryClient, embedded: Record<string, unknown>): void {
  for (const [path, body] of Object.entries(embedded)) {
    const url = new URL(path, "http://embedded.invalid");
    if (url.pathname === FACETS) {
      queryClient.setQueryData<AutomationFacets>(automationQueryKeys.facets, body as AutomationFacets);
    } else if (url.pathname === LIST) {
      const query = Object.fromEntries(url.searchParams) as AutomationListQuery;
      queryClient.setQueryData<AutomationList["automations"]>(automationQueryKeys.list(query), (body as AutomationList).automations);
    } else if (url.pathname.startsWith(`${LIST}/`)) {
      const slug = decodeURIComponent(url.pathname.slice(LIST.length + 1));
      queryClient.setQueryData<Automation>(automationQueryKeys.one(slug), body as Automation);
    }
  }
}
