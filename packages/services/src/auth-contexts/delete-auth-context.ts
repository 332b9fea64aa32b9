import { authContexts } from "@errand/db";
import { and, eq } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import { notFound } from "../errors.ts";

/** Deletes one of the user's saved logins; tasks that used it keep running without one. */
export async function deleteAuthContext({ ctx, input }: VerbArgs<{ userId: string; id: string }>): Promise<void> {
  const deleted = await ctx.db
    .delete(authContexts)
    .where(and(eq(authContexts.id, input.id), eq(authContexts.userId, input.userId)))
    .returning({ id: authContexts.id });
  if (deleted.length === 0) throw notFound("Auth context");
}
