import type { ApiKeyList } from "@errand/contract";
import { apiKeys, users } from "@errand/db";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { CallerVerbArgs } from "../caller.ts";
import { requireRole } from "../workspaces/roles.ts";
import { apiKeyToApi } from "./to-api.ts";

/** The workspace's keys that are not revoked, newest first, with who made each (expired ones too: they say so). */
export async function listApiKeys({ ctx, caller }: CallerVerbArgs<Record<string, never>>): Promise<ApiKeyList> {
  requireRole(caller, "manage");
  const rows = await ctx.db
    .select({ key: apiKeys, email: users.email })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.workspaceId, caller.workspaceId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return { api_keys: rows.map((r) => apiKeyToApi(r.key, { email: r.email })) };
}
