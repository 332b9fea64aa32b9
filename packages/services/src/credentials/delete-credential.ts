import { credentials } from "@errand/db";
import { recordAudit } from "../audit/record-audit.ts";
import type { CallerVerbArgs } from "../caller.ts";
import { callersCredential, credentialNotFound } from "./own-credential.ts";
import { requireRole } from "../workspaces/roles.ts";

/** Deletes one of the caller's credentials; runs of tasks that name it go on without it. */
export async function deleteCredential({ ctx, caller, input }: CallerVerbArgs<{ id: string }>): Promise<void> {
  requireRole(caller, "run");
  await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(credentials)
      .where(callersCredential(caller, input.id))
      .returning({ id: credentials.id, name: credentials.name });
    if (!deleted) throw credentialNotFound();
    await recordAudit(tx, caller, { action: "credential.deleted", target: { type: "credential", id: deleted.id, label: deleted.name } });
  });
}
