import { queryOptions } from "@tanstack/react-query";
import { accountSchema, type Account } from "@errand/contract";
import { apiRequest } from "./http";

export function getAccount(signal?: AbortSignal): Promise<Account> {
  return apiRequest("/api/v1/account", accountSchema, { signal });
}

export const accountQueryKey = ["account"] as const;

export const accountQueryOptions = queryOptions({
  queryKey: accountQueryKey,
  queryFn: ({ signal }) => getAccount(signal),
  retry: 1,
});
