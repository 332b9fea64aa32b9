import { proxyPools } from "@errand/db";
import { and, eq } from "drizzle-orm";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { notFound } from "../errors.ts";

/** Deletes a pool and its proxies; runs that name it later fail before they start, saying so. */
export async function deleteProxyPool({ ctx, caller, input }: CallerVerbArgs<{ id: string }>): Promise<void> {
  requireScope(caller, "write");
  const deleted = await ctx.db
    .delete(proxyPools)
    .where(and(eq(proxyPools.id, input.id), eq(proxyPools.userId, caller.userId)))
    .returning({ id: proxyPools.id });
  if (deleted.length === 0) throw notFound("Proxy pool");
}
