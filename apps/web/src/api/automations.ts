import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { automationFacetsSchema, automationSchema, automationSummarySchema, type AutomationListQuery } from "@errand/contract";
import { apiRequest } from "./http";
import { listParser } from "./parsers";

const listParserOf = listParser("automations", automationSummarySchema);

/** The marketplace list for a search, category or application (ordered by title). */
export const automationsQueryOptions = (query: AutomationListQuery) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return queryOptions({
    queryKey: ["automations", query] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest(`/api/v1/automations${search ? `?${search}` : ""}`, listParserOf, { signal })).automations,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
};

/** Category and application counts for the sidebars. */
export const automationFacetsQueryOptions = queryOptions({
  queryKey: ["automations", "facets"] as const,
  queryFn: ({ signal }) => apiRequest("/api/v1/automations/facets", automationFacetsSchema, { signal }),
  staleTime: 5 * 60_000,
});

export const automationQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ["automation", slug] as const,
    queryFn: ({ signal }) => apiRequest(`/api/v1/automations/${encodeURIComponent(slug)}`, automationSchema, { signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
