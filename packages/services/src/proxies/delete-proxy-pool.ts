import { proxyPools } from "@errand/db";
import type { CallerVerbArgs } from "../caller.ts";
import { callersProxyPool, proxyPoolNotFound } from "./own-proxy-pool.ts";
import { requireRole } from "../workspaces/roles.ts";

/** Deletes a pool and its proxies; runs that name it later fail before they start, saying so. */
export async function deleteProxyPool({ ctx, caller, input }: CallerVerbArgs<{ id: string }>): Promise<void> {
  requireRole(caller, "manage");
  const deleted = await ctx.db.delete(proxyPools).where(callersProxyPool(caller, input.id)).returning({ id: proxyPools.id });
  if (deleted.length === 0) throw proxyPoolNotFound();
}
