import { queryOptions } from "@tanstack/react-query";
import type { ProxyPool } from "@errand/contract";
import { itemSaves } from "./item-saves";
import { callOperation } from "./operation";

export const proxyKeys = { list: () => ["proxy-pools"] as const };

/** GET /proxy-pools: the pools by name, never a credential. */
export const proxyPoolsQueryOptions = queryOptions({
  queryKey: proxyKeys.list(),
  queryFn: async ({ signal }): Promise<ProxyPool[]> => (await callOperation("listProxyPools", { signal })).proxy_pools,
});

/** POST /proxy-pools, and PATCH /proxy-pools/{id} (only the fields sent change; `entries` is the whole new list). */
export const proxyPoolSaves = itemSaves("createProxyPool", "updateProxyPool", "proxyPool", proxyKeys.list());

/** DELETE /proxy-pools/{id} (204). */
export function deleteProxyPool(id: string): Promise<void> {
  return callOperation("deleteProxyPool", { params: { id } });
}
