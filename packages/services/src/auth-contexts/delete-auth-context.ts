import { authContexts } from "@errand/db";
import { and, eq } from "drizzle-orm";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { notFound } from "../errors.ts";

/** Deletes one of the user's saved logins; tasks that used it keep running without one. */
export async function deleteAuthContext({ ctx, caller, input }: CallerVerbArgs<{ id: string }>): Promise<void> {
  requireScope(caller, "write");
  const deleted = await ctx.db
    .delete(authContexts)
    .where(and(eq(authContexts.id, input.id), eq(authContexts.userId, caller.userId)))
    .returning({ id: authContexts.id });
  if (deleted.length === 0) throw notFound("Auth context");
}
