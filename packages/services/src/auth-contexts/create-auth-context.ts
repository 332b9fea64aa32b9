import type { AuthContext } from "@errand/contract";
import { authContexts } from "@errand/db";
import { recordAudit } from "../audit/record-audit.ts";
import type { CallerVerbArgs } from "../caller.ts";
import { notFound } from "../errors.ts";
import { sealSecret } from "../secrets/seal-secret.ts";
import { findLoginSession } from "../live/find-login-session.ts";
import { stateForSites } from "./storage-state.ts";
import { authContextToApi } from "./to-api.ts";
import { requireRole } from "../workspaces/roles.ts";

/**
 * Saves the login made in a live session: the cookies and local storage of `urls`' sites,
 * sealed with AES-256-GCM, then closes the session. The session stays open when saving fails,
 * so nothing the person did is lost and they can try again.
 */
export async function createAuthContext({
  ctx,
  caller,
  input,
}: CallerVerbArgs<{ name: string; urls: string[]; sessionId: string }>): Promise<AuthContext> {
  requireRole(caller, "run");
  const session = await findLoginSession(ctx, caller.userId, input.sessionId);
  if (!session) throw notFound("Browsing session");
  const state = stateForSites(await session.state(), input.urls);
  const row = await ctx.db.transaction(async (tx) => {
    const [made] = await tx
      .insert(authContexts)
      .values({
        userId: caller.userId,
        workspaceId: caller.workspaceId,
        name: input.name,
        urls: input.urls,
        encryptedState: sealSecret(ctx, JSON.stringify(state)),
        proxy: session.proxy,
      })
      .returning();
    await recordAudit(tx, caller, {
      action: "saved_login.created",
      target: { type: "saved_login", id: made!.id, label: made!.name },
      details: { urls: made!.urls },
    });
    return made!;
  });
  await session.close("saved");
  ctx.log.info("auth context saved", { authContextId: row.id, cookies: state.cookies.length, origins: state.origins.length });
  return authContextToApi(row);
}
