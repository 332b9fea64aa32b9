import type { AuthContext } from "@errand/contract";
import { authContexts } from "@errand/db";
import type { CallerVerbArgs } from "../caller.ts";
import { notFound } from "../errors.ts";
import { sealSecret } from "../secrets/seal-secret.ts";
import { findLoginSession } from "../live/find-login-session.ts";
import { authContextNotFound, callersAuthContext, ownAuthContext } from "./own-auth-context.ts";
import { stateForSites } from "./storage-state.ts";
import { authContextToApi } from "./to-api.ts";
import { requireRole } from "../workspaces/roles.ts";

/**
 * Finish of "log in again": the session's cookies and local storage for the context's sites
 * replace its saved state (same id, so tasks using it need no change), then the session closes.
 * The login keeps the session's proxy (its own, or one picked when that was removed).
 * A session opened to log in again to another context is refused; a fresh one (POST
 * /auth-contexts/sessions) may replace a login too. The session stays open when saving fails.
 */
export async function replaceAuthContextState({
  ctx,
  caller,
  input,
}: CallerVerbArgs<{ authContextId: string; sessionId: string }>): Promise<AuthContext> {
  requireRole(caller, "run");
  const session = await findLoginSession(ctx, caller.userId, input.sessionId);
  if (!session || (session.authContextId && session.authContextId !== input.authContextId)) {
    throw notFound("Browsing session");
  }
  const context = await ownAuthContext(ctx.db, caller, input.authContextId, { urls: authContexts.urls });
  const state = stateForSites(await session.state(), context.urls);
  const [row] = await ctx.db
    .update(authContexts)
    .set({ encryptedState: sealSecret(ctx, JSON.stringify(state)), proxy: session.proxy, updatedAt: new Date() })
    .where(callersAuthContext(caller, input.authContextId))
    .returning();
  // Deleted while the person was logging in: say so, and keep the browser for a new save.
  if (!row) throw authContextNotFound();
  await session.close("saved");
  ctx.log.info("auth context logged in again", { authContextId: row.id, cookies: state.cookies.length, origins: state.origins.length });
  return authContextToApi(row);
}
