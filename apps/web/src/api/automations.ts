import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { AutomationListQuery } from "@errand/contract";
import { automationQueryKeys } from "./automation-query-keys";
import { callOperation } from "./operation";

/** The marketplace list for a search, category or application (ordered by title). */
export const automationsQueryOptions = (query: AutomationListQuery) => {
  return queryOptions({
    queryKey: automationQueryKeys.list(query),
    queryFn: async ({ signal }) => (await callOperation("listAutomations", { query, signal })).automations,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
};

/** Category and application counts for the sidebars. */
export const automationFacetsQueryOptions = queryOptions({
  queryKey: automationQueryKeys.facets,
  queryFn: ({ signal }) => callOperation("getAutomationFacets", { signal }),
  staleTime: 5 * 60_000,
});

export const automationQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: automationQueryKeys.one(slug),
    queryFn: ({ signal }) => callOperation("getAutomation", { params: { slug }, signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
