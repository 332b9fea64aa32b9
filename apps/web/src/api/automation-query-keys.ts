import type { AutomationListQuery } from "@errand/contract";

/**
 * The query keys of the public automation queries, apart from their fetchers (which bring the
 * contract's schemas, so zod): the entry chunk fills the cache of a server-rendered page by them.
 */
export const automationQueryKeys = {
  list: (query: AutomationListQuery) => ["automations", query] as const,
  facets: ["automations", "facets"] as const,
  one: (slug: string) => ["automation", slug] as const,
};
