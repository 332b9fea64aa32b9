import { credentials } from "@errand/db";
import { and, eq, inArray } from "drizzle-orm";
import type { ServiceContext } from "../context.ts";
import { invalid } from "../errors.ts";

/** A task may only name the caller's own credentials; another user's is reported like a missing one. */
export async function assertOwnCredentials(ctx: ServiceContext, workspaceId: string, names: string[]) {
  const rows = await ctx.db
    .select({ name: credentials.name })
    .from(credentials)
    .where(and(eq(credentials.workspaceId, workspaceId), inArray(credentials.name, names)));
  const found = new Set(rows.map((r) => r.name));
  const missing = names.filter((n) => !found.has(n));
  if (missing.length) throw invalid([{ path: "credential_names", message: `No credential named ${missing.join(", ")}` }]);
}
