import { authContexts } from "@errand/db";
import type { ServiceContext } from "../context.ts";
import { invalid } from "../errors.ts";
import type { Owner } from "../ownership.ts";
import { callersAuthContext } from "./own-auth-context.ts";

/** A task or run may only name the caller's own saved login; another user's is reported exactly like a missing one. */
export async function assertOwnAuthContext(ctx: ServiceContext, owner: Owner, authContextId: string) {
  const [found] = await ctx.db.select({ id: authContexts.id }).from(authContexts).where(callersAuthContext(owner, authContextId));
  if (!found) throw invalid([{ path: "auth_context_id", message: "No such auth context" }]);
}
