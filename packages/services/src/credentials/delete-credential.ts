import { credentials } from "@errand/db";
import { and, eq } from "drizzle-orm";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { notFound } from "../errors.ts";

/** Deletes one of the caller's credentials; runs of tasks that name it go on without it. */
export async function deleteCredential({ ctx, caller, input }: CallerVerbArgs<{ id: string }>): Promise<void> {
  requireScope(caller, "write");
  const deleted = await ctx.db
    .delete(credentials)
    .where(and(eq(credentials.id, input.id), eq(credentials.userId, caller.userId)))
    .returning({ id: credentials.id });
  if (deleted.length === 0) throw notFound("Credential");
}
