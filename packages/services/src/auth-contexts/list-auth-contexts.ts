import type { AuthContext } from "@errand/contract";
import { authContexts } from "@errand/db";
import { asc, eq } from "drizzle-orm";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { authContextToApi } from "./to-api.ts";

/** The user's saved logins ordered by name, without their encrypted state. */
export async function listAuthContexts({ ctx, caller }: CallerVerbArgs<Record<string, never>>): Promise<AuthContext[]> {
  requireScope(caller, "read");
  const rows = await ctx.db
    .select({
      id: authContexts.id,
      name: authContexts.name,
      urls: authContexts.urls,
      proxy: authContexts.proxy,
      createdAt: authContexts.createdAt,
      updatedAt: authContexts.updatedAt,
    })
    .from(authContexts)
    .where(eq(authContexts.workspaceId, caller.workspaceId))
    .orderBy(asc(authContexts.name));
  return rows.map(authContextToApi);
}
