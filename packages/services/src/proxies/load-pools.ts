import { proxyEntries, proxyPools } from "@errand/db";
import { asc, eq, inArray } from "drizzle-orm";
import type { ServiceContext } from "../context.ts";

type PoolRow = typeof proxyPools.$inferSelect;

/** The caller's pools with their proxies, by name. */
export async function loadPools(ctx: ServiceContext, workspaceId: string) {
  return withEntries(
    ctx,
    await ctx.db.select().from(proxyPools).where(eq(proxyPools.workspaceId, workspaceId)).orderBy(asc(proxyPools.name)),
  );
}

/** Each pool with its proxies, in their order. */
export async function withEntries(ctx: ServiceContext, pools: PoolRow[]) {
  if (pools.length === 0) return [];
  const entries = await ctx.db
    .select()
    .from(proxyEntries)
    .where(
      inArray(
        proxyEntries.poolId,
        pools.map((p) => p.id),
      ),
    )
    .orderBy(asc(proxyEntries.position));
  return pools.map((pool) => ({ pool, entries: entries.filter((e) => e.poolId === pool.id) }));
}
