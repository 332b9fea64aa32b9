import type { ProxyPool } from "@errand/contract";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { withEntries } from "./load-pools.ts";
import { ownProxyPool } from "./own-proxy-pool.ts";
import { proxyPoolToApi } from "./to-api.ts";

/** One of the caller's pools (another user's is "not found"). */
export async function getProxyPool({ ctx, caller, input }: CallerVerbArgs<{ id: string }>): Promise<ProxyPool> {
  requireScope(caller, "read");
  const [found] = await withEntries(ctx, [await ownProxyPool(ctx.db, caller, input.id)]);
  return proxyPoolToApi(ctx, found!.pool, found!.entries);
}
