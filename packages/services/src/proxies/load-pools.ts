import { proxyEntries, proxyPools } from "@errand/db";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { ServiceContext } from "../context.ts";

/** The caller's pools (all, or the one with `id`) with their proxies, by name. */
export async function loadPools(ctx: ServiceContext, userId: string, id?: string) {
  const pools = await ctx.db
    .select()
    .from(proxyPools)
    .where(id ? and(eq(proxyPools.userId, userId), eq(proxyPools.id, id)) : eq(proxyPools.userId, userId))
    .orderBy(asc(proxyPools.name));
  if (pools.length === 0) return [];
  const entries = await ctx.db
    .select()
    .from(proxyEntries)
    .where(inArray(proxyEntries.poolId, pools.map((p) => p.id)))
    .orderBy(asc(proxyEntries.position));
  return pools.map((pool) => ({ pool, entries: entries.filter((e) => e.poolId === pool.id) }));
}
