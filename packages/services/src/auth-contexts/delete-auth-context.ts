import { authContexts } from "@errand/db";
import type { CallerVerbArgs } from "../caller.ts";
import { authContextNotFound, callersAuthContext } from "./own-auth-context.ts";
import { requireRole } from "../workspaces/roles.ts";

/** Deletes one of the user's saved logins; tasks that used it keep running without one. */
export async function deleteAuthContext({ ctx, caller, input }: CallerVerbArgs<{ id: string }>): Promise<void> {
  requireRole(caller, "run");
  const deleted = await ctx.db.delete(authContexts).where(callersAuthContext(caller, input.id)).returning({ id: authContexts.id });
  if (deleted.length === 0) throw authContextNotFound();
}
