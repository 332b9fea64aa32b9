import { authContexts } from "@errand/db";
import { and, eq } from "drizzle-orm";
import type { ServiceContext } from "../context.ts";
import { invalid } from "../errors.ts";

/** Another user's context is reported exactly like a missing one. */
export async function assertOwnAuthContext(ctx: ServiceContext, userId: string, authContextId: string) {
  const [found] = await ctx.db
    .select({ id: authContexts.id })
    .from(authContexts)
    .where(and(eq(authContexts.id, authContextId), eq(authContexts.userId, userId)));
  if (!found) throw invalid([{ path: "auth_context_id", message: "No such auth context" }]);
}
