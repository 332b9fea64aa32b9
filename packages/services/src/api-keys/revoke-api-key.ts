import { apiKeys } from "@errand/db";
import { and, eq, isNull } from "drizzle-orm";
import { recordAudit } from "../audit/record-audit.ts";
import type { CallerVerbArgs } from "../caller.ts";
import { forgetCachedCallers } from "../accounts/caller-cache.ts";
import { notFound } from "../errors.ts";
import { requireRole } from "../workspaces/roles.ts";

/**
 * Revokes a named key of the caller's workspace. This process refuses it from its next request,
 * every other within a second (docs/adr/0055-api-reads-at-one-query.md). Revoking it again answers
 * as the first time; another workspace's key is "not found".
 */
export async function revokeApiKey({ ctx, caller, input }: CallerVerbArgs<{ id: string }>): Promise<void> {
  requireRole(caller, "manage");
  const mine = and(eq(apiKeys.id, input.id), eq(apiKeys.workspaceId, caller.workspaceId));
  const [key] = await ctx.db.select({ revokedAt: apiKeys.revokedAt, name: apiKeys.name }).from(apiKeys).where(mine);
  if (!key) throw notFound("API key");
  if (key.revokedAt) return;
  await ctx.db.transaction(async (tx) => {
    const revoked = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(mine, isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    // Two revokes at once: only the one that changed the row records it.
    if (revoked.length > 0)
      await recordAudit(tx, caller, { action: "api_key.revoked", target: { type: "api_key", id: input.id, label: key.name } });
  });
  forgetCachedCallers(ctx);
  ctx.log.info("API key revoked", { userId: caller.userId, workspaceId: caller.workspaceId, keyId: input.id });
}
