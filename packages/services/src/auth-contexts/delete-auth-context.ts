import { authContexts } from "@errand/db";
import { recordAudit } from "../audit/record-audit.ts";
import type { CallerVerbArgs } from "../caller.ts";
import { authContextNotFound, callersAuthContext } from "./own-auth-context.ts";
import { requireRole } from "../workspaces/roles.ts";

/** Deletes one of the user's saved logins; tasks that used it keep running without one. */
export async function deleteAuthContext({ ctx, caller, input }: CallerVerbArgs<{ id: string }>): Promise<void> {
  requireRole(caller, "run");
  await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(authContexts)
      .where(callersAuthContext(caller, input.id))
      .returning({ id: authContexts.id, name: authContexts.name });
    if (!deleted) throw authContextNotFound();
    await recordAudit(tx, caller, { action: "saved_login.deleted", target: { type: "saved_login", id: deleted.id, label: deleted.name } });
  });
}
