import type { CredentialList } from "@errand/contract";
import { credentials } from "@errand/db";
import { asc, eq } from "drizzle-orm";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { credentialToApi } from "./to-api.ts";

/** The caller's vault by name, without a single value (usernames masked). */
export async function listCredentials({ ctx, caller }: CallerVerbArgs<Record<string, never>>): Promise<CredentialList> {
  requireScope(caller, "read");
  const rows = await ctx.db
    .select()
    .from(credentials)
    .where(eq(credentials.workspaceId, caller.workspaceId))
    .orderBy(asc(credentials.name));
  return { credentials: rows.map((row) => credentialToApi(ctx, row)) };
}
