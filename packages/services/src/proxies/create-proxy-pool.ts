import { createProxyPoolSchema, MAX_PROXY_POOLS_PER_ACCOUNT, type ProxyPool } from "@errand/contract";
import { proxyEntries, proxyPools } from "@errand/db";
import type { CallerVerbArgs } from "../caller.ts";
import { saveNamedInTurn } from "../save-named-in-turn.ts";
import { parseOrThrow } from "../parse-or-throw.ts";
import { assertPublicProxies } from "./assert-public-proxies.ts";
import { poolNameTaken } from "./name-taken.ts";
import { sealEntry } from "./seal-entry.ts";
import { proxyPoolToApi } from "./to-api.ts";
import { requireRole } from "../workspaces/roles.ts";

/** Saves a proxy pool; every proxy's username and password sealed (AES-256-GCM). */
export async function createProxyPool({ ctx, caller, input }: CallerVerbArgs<unknown>): Promise<ProxyPool> {
  requireRole(caller, "manage");
  const body = parseOrThrow(createProxyPoolSchema, input);
  await assertPublicProxies(ctx, body.entries);
  const kind = { table: proxyPools, max: MAX_PROXY_POOLS_PER_ACCOUNT, plural: "proxy pools", taken: poolNameTaken };
  const saved = await saveNamedInTurn(ctx, kind, { workspaceId: caller.workspaceId, name: body.name }, async (tx) => {
    const [pool] = await tx
      .insert(proxyPools)
      .values({ userId: caller.userId, workspaceId: caller.workspaceId, name: body.name, rotation: body.rotation })
      .returning();
    const entries = await tx
      .insert(proxyEntries)
      .values(body.entries.map((entry, i) => sealEntry(ctx, pool!.id, i, entry)))
      .returning();
    return { pool: pool!, entries };
  });
  ctx.log.info("proxy pool saved", { userId: caller.userId, poolId: saved.pool.id, proxies: saved.entries.length });
  return proxyPoolToApi(ctx, saved.pool, saved.entries);
}
