import type { ProxyPoolList } from "@errand/contract";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { loadPools } from "./load-pools.ts";
import { proxyPoolToApi } from "./to-api.ts";

/** The caller's proxy pools by name, without a single credential. */
export async function listProxyPools({ ctx, caller }: CallerVerbArgs<Record<string, never>>): Promise<ProxyPoolList> {
  requireScope(caller, "read");
  const pools = await loadPools(ctx, caller.workspaceId);
  return { proxy_pools: pools.map(({ pool, entries }) => proxyPoolToApi(ctx, pool, entries)) };
}
