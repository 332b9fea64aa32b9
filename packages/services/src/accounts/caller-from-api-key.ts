import { profiles, users, workspaceMembers } from "@errand/db";
import { and, eq } from "drizzle-orm";
import { findNamedKey, noteKeyUse } from "../api-keys/find-named-key.ts";
import { ALL_SCOPES, isAdminEmail, type Caller } from "../caller.ts";
import type { ServiceContext, VerbArgs } from "../context.ts";
import { unauthorized } from "../errors.ts";
import { API_KEY_PREFIX, hashApiKey } from "./api-key.ts";

/**
 * Resolves an x-api-key header to the caller: the personal key (every scope, in the personal
 * workspace), else a named key of a workspace (its scopes), in at most two queries, or none when
 * this process resolved the key in the last second (accounts/caller-cache.ts).
 * Either way the key's account must still be a member of the key's workspace, with the role it
 * has now; otherwise the key is refused like an unknown one. A revoked key is unknown; an
 * expired one says so. `ip` is the request's address, kept as a named key's last use. The key
 * itself is never stored or logged.
 */
export async function callerFromApiKey({ ctx, input }: VerbArgs<{ apiKey: string; ip?: string }>): Promise<Caller> {
  const key = input.apiKey.trim();
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) throw unauthorized("Invalid API key");
  const hash = hashApiKey(key);
  const cached = ctx.callerCache?.get(hash) as Caller | undefined;
  if (cached) return cached;
  const personal = await personalKeyCaller(ctx, hash);
  if (personal) {
    ctx.callerCache?.set(hash, personal);
    return personal;
  }
  const named = await findNamedKey(ctx, hash);
  if (!named || named.revokedAt) throw unauthorized("Invalid API key");
  if (named.expiresAt && named.expiresAt.getTime() <= Date.now()) throw unauthorized("API key expired");
  await noteKeyUse(ctx, named, input.ip);
  const caller: Caller = {
    userId: named.userId,
    isAdmin: isAdminEmail(ctx, named.email),
    via: "api-key",
    scopes: named.scopes,
    workspaceId: named.workspaceId,
    role: named.role,
    apiKeyId: named.keyId,
  };
  ctx.callerCache?.set(hash, caller, named.expiresAt);
  return caller;
}

/** The personal key's caller: its account, its workspace and the account's role there (one query). */
async function personalKeyCaller(ctx: ServiceContext, hash: string): Promise<Caller | undefined> {
  const [owner] = await ctx.db
    .select({ id: users.id, email: users.email, workspaceId: profiles.workspaceId, role: workspaceMembers.role })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .innerJoin(workspaceMembers, and(eq(workspaceMembers.workspaceId, profiles.workspaceId), eq(workspaceMembers.userId, profiles.id)))
    .where(eq(profiles.apiKeyHash, hash))
    .limit(1);
  if (!owner) return undefined;
  return {
    userId: owner.id,
    isAdmin: isAdminEmail(ctx, owner.email),
    via: "api-key",
    scopes: ALL_SCOPES,
    workspaceId: owner.workspaceId,
    role: owner.role,
  };
}
