import type { AuthContext } from "@errand/contract";
import { authContexts } from "@errand/db";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { ownAuthContext } from "./own-auth-context.ts";
import { authContextToApi } from "./to-api.ts";

/** One of the user's saved logins, without its state. Another user's is reported as missing. */
export async function getAuthContext({ ctx, caller, input }: CallerVerbArgs<{ id: string }>): Promise<AuthContext> {
  requireScope(caller, "read");
  const { id, name, urls, proxy, createdAt, updatedAt } = authContexts;
  return authContextToApi(await ownAuthContext(ctx.db, caller, input.id, { id, name, urls, proxy, createdAt, updatedAt }));
}
