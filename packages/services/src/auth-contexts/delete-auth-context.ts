import { authContexts } from "@errand/db";
import { deleteRecorded } from "../audit/delete-recorded.ts";
import type { CallerVerbArgs } from "../caller.ts";
import { authContextNotFound, callersAuthContext } from "./own-auth-context.ts";
import { requireRole } from "../workspaces/roles.ts";

/** Deletes one of the user's saved logins; tasks that used it keep running without one. */
export async function deleteAuthContext({ ctx, caller, input }: CallerVerbArgs<{ id: string }>): Promise<void> {
  requireRole(caller, "run");
  await deleteRecorded(ctx.db, caller, {
    table: authContexts,
    where: callersAuthContext(caller, input.id),
    notFound: authContextNotFound,
    action: "saved_login.deleted",
    targetType: "saved_login",
  });
}
