import type { AuthContext } from "@errand/contract";
import { authContexts } from "@errand/db";
import { asc, eq } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import { authContextToApi } from "./to-api.ts";

/** The user's saved logins ordered by name, without their encrypted state. */
export async function listAuthContexts({ ctx, input }: VerbArgs<{ userId: string }>): Promise<AuthContext[]> {
  const rows = await ctx.db
    .select({ id: authContexts.id, name: authContexts.name, urls: authContexts.urls, createdAt: authContexts.createdAt, updatedAt: authContexts.updatedAt })
    .from(authContexts)
    .where(eq(authContexts.userId, input.userId))
    .orderBy(asc(authContexts.name));
  return rows.map(authContextToApi);
}
