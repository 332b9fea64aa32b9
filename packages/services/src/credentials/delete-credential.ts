import { credentials } from "@errand/db";
import type { CallerVerbArgs } from "../caller.ts";
import { callersCredential, credentialNotFound } from "./own-credential.ts";
import { requireRole } from "../workspaces/roles.ts";

/** Deletes one of the caller's credentials; runs of tasks that name it go on without it. */
export async function deleteCredential({ ctx, caller, input }: CallerVerbArgs<{ id: string }>): Promise<void> {
  requireRole(caller, "run");
  const deleted = await ctx.db.delete(credentials).where(callersCredential(caller, input.id)).returning({ id: credentials.id });
  if (deleted.length === 0) throw credentialNotFound();
}
