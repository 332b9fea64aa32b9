import { credentials } from "@errand/db";
import { deleteRecorded } from "../audit/delete-recorded.ts";
import type { CallerVerbArgs } from "../caller.ts";
import { callersCredential, credentialNotFound } from "./own-credential.ts";
import { requireRole } from "../workspaces/roles.ts";

/** Deletes one of the caller's credentials; runs of tasks that name it go on without it. */
export async function deleteCredential({ ctx, caller, input }: CallerVerbArgs<{ id: string }>): Promise<void> {
  requireRole(caller, "run");
  await deleteRecorded(ctx.db, caller, {
    table: credentials,
    where: callersCredential(caller, input.id),
    notFound: credentialNotFound,
    action: "credential.deleted",
    targetType: "credential",
  });
}
