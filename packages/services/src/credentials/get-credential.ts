import type { Credential } from "@errand/contract";
import { credentials } from "@errand/db";
import { and, eq } from "drizzle-orm";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { notFound } from "../errors.ts";
import { credentialToApi } from "./to-api.ts";

/** One of the caller's credentials, without its values. Another user's is reported as missing. */
export async function getCredential({ ctx, caller, input }: CallerVerbArgs<{ id: string }>): Promise<Credential> {
  requireScope(caller, "read");
  const [row] = await ctx.db
    .select()
    .from(credentials)
    .where(and(eq(credentials.id, input.id), eq(credentials.userId, caller.userId)));
  if (!row) throw notFound("Credential");
  return credentialToApi(ctx, row);
}
