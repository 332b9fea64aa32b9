import type { ProxyPool } from "@errand/contract";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { notFound } from "../errors.ts";
import { loadPools } from "./load-pools.ts";
import { proxyPoolToApi } from "./to-api.ts";

/** One of the caller's pools (another user's is "not found"). */
export async function getProxyPool({ ctx, caller, input }: CallerVerbArgs<{ id: string }>): Promise<ProxyPool> {
  requireScope(caller, "read");
  const [found] = await loadPools(ctx, caller.userId, input.id);
  if (!found) throw notFound("Proxy pool");
  return proxyPoolToApi(ctx, found.pool, found.entries);
}
