import { updateProxyPoolSchema, type ProxyPool } from "@errand/contract";
import { proxyEntries, proxyPools } from "@errand/db";
import { and, eq, getTableColumns, ne, notInArray } from "drizzle-orm";
import type { CallerVerbArgs } from "../caller.ts";
import { isUniqueViolation } from "../credentials/name-taken.ts";
import { invalid } from "../errors.ts";
import { parseOrThrow } from "../parse-or-throw.ts";
import { assertPublicProxies } from "./assert-public-proxies.ts";
import { poolNameTaken } from "./name-taken.ts";
import { ownProxyPool } from "./own-proxy-pool.ts";
import { sealEntry } from "./seal-entry.ts";
import { proxyPoolToApi } from "./to-api.ts";
import { requireRole } from "../workspaces/roles.ts";

/**
 * Changes the fields sent and keeps the rest. `entries` is the whole new list: a proxy named by
 * id is kept (credentials too, never read back), one given by url is added, the others go.
 */
export async function updateProxyPool({ ctx, caller, input }: CallerVerbArgs<{ id: string; changes: unknown }>): Promise<ProxyPool> {
  requireRole(caller, "manage");
  const changes = parseOrThrow(updateProxyPoolSchema, input.changes);
  await assertPublicProxies(ctx, changes.entries ?? []);
  const saved = await ctx.db
    .transaction(async (tx) => {
      const pool = await ownProxyPool(tx, caller, input.id, getTableColumns(proxyPools), "update");
      if (changes.name) {
        const [same] = await tx
          .select({ id: proxyPools.id })
          .from(proxyPools)
          .where(and(eq(proxyPools.workspaceId, caller.workspaceId), eq(proxyPools.name, changes.name), ne(proxyPools.id, pool.id)));
        if (same) throw poolNameTaken(changes.name);
      }
      if (changes.entries) {
        const current = new Set(
          (await tx.select({ id: proxyEntries.id }).from(proxyEntries).where(eq(proxyEntries.poolId, pool.id))).map((e) => e.id),
        );
        const unknown = changes.entries.findIndex((e) => e.id !== undefined && !current.has(e.id));
        if (unknown >= 0) throw invalid([{ path: `entries.${unknown}.id`, message: "This pool has no proxy with this id" }]);
        const kept = changes.entries.flatMap((e) => (e.id ? [e.id] : []));
        await tx
          .delete(proxyEntries)
          .where(kept.length ? and(eq(proxyEntries.poolId, pool.id), notInArray(proxyEntries.id, kept)) : eq(proxyEntries.poolId, pool.id));
        for (const [position, entry] of changes.entries.entries()) {
          if (entry.id)
            await tx
              .update(proxyEntries)
              .set({ position, country: entry.country ?? null })
              .where(eq(proxyEntries.id, entry.id));
          else await tx.insert(proxyEntries).values(sealEntry(ctx, pool.id, position, { url: entry.url!, country: entry.country }));
        }
      }
      const [updated] = await tx
        .update(proxyPools)
        .set({ name: changes.name ?? pool.name, rotation: changes.rotation ?? pool.rotation, updatedAt: new Date() })
        .where(eq(proxyPools.id, pool.id))
        .returning();
      const entries = await tx.select().from(proxyEntries).where(eq(proxyEntries.poolId, pool.id));
      return { pool: updated!, entries };
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? poolNameTaken(changes.name) : error;
    });
  ctx.log.info("proxy pool updated", { userId: caller.userId, poolId: saved.pool.id, proxies: saved.entries.length });
  return proxyPoolToApi(ctx, saved.pool, saved.entries);
}
