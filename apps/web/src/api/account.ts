import { queryOptions } from "@tanstack/react-query";
import type { Account } from "@errand/contract";
import { callOperation } from "./operation";

export function getAccount(signal?: AbortSignal): Promise<Account> {
  return callOperation("getAccount", { signal });
}

export const accountQueryKey = ["account"] as const;

export const accountQueryOptions = queryOptions({
  queryKey: accountQueryKey,
  queryFn: ({ signal }) => getAccount(signal),
  retry: 1,
});
