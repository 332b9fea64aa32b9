import { createProxyPoolSchema, MAX_PROXY_POOLS_PER_ACCOUNT, type ProxyPool } from "@errand/contract";
import { proxyEntries, proxyPools } from "@errand/db";
import type { CallerVerbArgs } from "../caller.ts";
import { countInTurn } from "../count-in-turn.ts";
import { nameInUse } from "../name-in-use.ts";
import { isUniqueViolation } from "../credentials/name-taken.ts";
import { conflict } from "../errors.ts";
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
  const saved = await ctx.db
    .transaction(async (tx) => {
      if ((await countInTurn(tx, proxyPools, caller.workspaceId)) >= MAX_PROXY_POOLS_PER_ACCOUNT)
        throw conflict(`An account can keep at most ${MAX_PROXY_POOLS_PER_ACCOUNT} proxy pools: delete one you no longer use first.`);
      if (await nameInUse(tx, proxyPools, caller.workspaceId, body.name)) throw poolNameTaken(body.name);
      const [pool] = await tx
        .insert(proxyPools)
        .values({ userId: caller.userId, workspaceId: caller.workspaceId, name: body.name, rotation: body.rotation })
        .returning();
      const entries = await tx
        .insert(proxyEntries)
        .values(body.entries.map((entry, i) => sealEntry(ctx, pool!.id, i, entry)))
        .returning();
      return { pool: pool!, entries };
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? poolNameTaken(body.name) : error;
    });
  ctx.log.info("proxy pool saved", { userId: caller.userId, poolId: saved.pool.id, proxies: saved.entries.length });
  return proxyPoolToApi(ctx, saved.pool, saved.entries);
}
