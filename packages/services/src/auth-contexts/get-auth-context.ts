import type { AuthContext } from "@errand/contract";
import { authContexts } from "@errand/db";
import { and, eq } from "drizzle-orm";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { notFound } from "../errors.ts";
import { authContextToApi } from "./to-api.ts";

/** One of the user's saved logins, without its state. Another user's is reported as missing. */
export async function getAuthContext({ ctx, caller, input }: CallerVerbArgs<{ id: string }>): Promise<AuthContext> {
  requireScope(caller, "read");
  const [row] = await ctx.db
    .select({ id: authContexts.id, name: authContexts.name, urls: authContexts.urls, proxy: authContexts.proxy, createdAt: authContexts.createdAt, updatedAt: authContexts.updatedAt })
    .from(authContexts)
    .where(and(eq(authContexts.id, input.id), eq(authContexts.userId, caller.userId)));
  if (!row) throw notFound("Auth context");
  return authContextToApi(row);
}
