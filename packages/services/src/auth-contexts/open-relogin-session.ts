import type { AuthSession } from "@errand/contract";
import { authContexts } from "@errand/db";
import type { CallerVerbArgs } from "../caller.ts";
import { openSecret } from "../secrets/seal-secret.ts";
import type { SavedState } from "../live/live-types.ts";
import { requireLive, viewerLink } from "../live/viewer-link.ts";
import { reloginProxy } from "../proxies/login-proxy.ts";
import { ownAuthContext } from "./own-auth-context.ts";
import { requireRole } from "../workspaces/roles.ts";

/**
 * "Log in again": opens a live browser on the saved login's site with its saved state loaded,
 * so the person sees where the login stands and signs in afresh; Finish (replaceAuthContextState)
 * then replaces the state in the same auth context. Another user's context is "not found".
 */
export async function openRelogInSession({ ctx, caller, input }: CallerVerbArgs<{ authContextId: string }>): Promise<AuthSession> {
  requireRole(caller, "run");
  const live = requireLive(ctx);
  const row = await ownAuthContext(ctx.db, caller, input.authContextId, {
    id: authContexts.id,
    urls: authContexts.urls,
    sealed: authContexts.encryptedState,
    proxy: authContexts.proxy,
  });
  const state: SavedState = row.sealed ? (JSON.parse(openSecret(ctx, row.sealed)) as SavedState) : { cookies: [], origins: [] };
  // Through the login's own proxy and session: the site sees the address it knows.
  const session = await live.sessions.open(
    caller.userId,
    row.urls,
    { state, authContextId: row.id },
    await reloginProxy(ctx, caller.workspaceId, row.proxy),
  );
  ctx.log.info("login session opened to log in again", { sessionId: session.id, authContextId: row.id });
  return { id: session.id, ...viewerLink(ctx, { kind: "session", id: session.id, owner: caller.userId }) };
}
