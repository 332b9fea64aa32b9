import { profiles, users, workspaceMembers } from "@errand/db";
import { and, eq } from "drizzle-orm";
import { ALL_SCOPES, isAdminEmail, type Caller } from "../caller.ts";
import type { VerbArgs } from "../context.ts";
import { unauthorized } from "../errors.ts";
import { API_KEY_PREFIX, hashApiKey } from "./api-key.ts";

/**
 * Resolves an x-api-key header to the caller, in one query: the key's account, the workspace the
 * key belongs to and the account's role there. A key whose account is no longer a member of its
 * workspace is refused like an unknown one. The key itself is never stored or logged.
 */
export async function callerFromApiKey({ ctx, input }: VerbArgs<{ apiKey: string }>): Promise<Caller> {
  const key = input.apiKey.trim();
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) throw unauthorized("Invalid API key");
  const [owner] = await ctx.db
    .select({ id: users.id, email: users.email, workspaceId: profiles.workspaceId, role: workspaceMembers.role })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .innerJoin(workspaceMembers, and(eq(workspaceMembers.workspaceId, profiles.workspaceId), eq(workspaceMembers.userId, profiles.id)))
    .where(eq(profiles.apiKeyHash, hashApiKey(key)))
    .limit(1);
  if (!owner) throw unauthorized("Invalid API key");
  return {
    userId: owner.id,
    isAdmin: isAdminEmail(ctx, owner.email),
    via: "api-key",
    scopes: ALL_SCOPES,
    workspaceId: owner.workspaceId,
    role: owner.role,
  };
}
