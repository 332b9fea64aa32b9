import type { ApiKeyScope, WorkspaceRole } from "@errand/contract";
import { apiKeys, users, workspaceMembers } from "@errand/db";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { ServiceContext } from "../context.ts";

/** A named key as a request sees it: whom it acts as, where, and whether it still may. */
export interface NamedKeyHolder {
  keyId: string;
  userId: string;
  email: string;
  workspaceId: string;
  /** The member's role now: a member removed from the workspace finds no row at all. */
  role: WorkspaceRole;
  scopes: ApiKeyScope[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
}

/** How often a key's last use is written: a busy key costs one UPDATE a minute, not one per request. */
export const LAST_USED_EVERY_MS = 60_000;

/**
 * The named key with this hash, joined in one query to its member's current membership of the
 * key's workspace (docs/adr/0035-named-api-keys-with-scopes.md). Its answer is kept for a second
 * at most (accounts/caller-cache.ts), so a revoke or a removal is seen everywhere within it.
 */
export async function findNamedKey(ctx: ServiceContext, hash: string): Promise<NamedKeyHolder | undefined> {
  const [row] = await ctx.db
    .select({
      keyId: apiKeys.id,
      userId: users.id,
      email: users.email,
      workspaceId: apiKeys.workspaceId,
      role: workspaceMembers.role,
      scopes: apiKeys.scopes,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .innerJoin(workspaceMembers, and(eq(workspaceMembers.workspaceId, apiKeys.workspaceId), eq(workspaceMembers.userId, apiKeys.userId)))
    .where(eq(apiKeys.hash, hash))
    .limit(1);
  return row;
}

/**
 * Records a use of the key, at most once a minute: skipped when the row read says it was written
 * less than a minute ago, and conditional in SQL so processes racing for the same minute write once.
 */
export async function noteKeyUse(ctx: ServiceContext, key: NamedKeyHolder, ip: string | undefined, now = new Date()): Promise<void> {
  if (key.lastUsedAt && now.getTime() - key.lastUsedAt.getTime() < LAST_USED_EVERY_MS) return;
  const cutoff = new Date(now.getTime() - LAST_USED_EVERY_MS);
  await ctx.db
    .update(apiKeys)
    .set({ lastUsedAt: now, lastUsedIp: ip ?? null })
    .where(and(eq(apiKeys.id, key.keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, cutoff))));
}
