import type { AuthSession, ProxyChoice } from "@errand/contract";
import type { CallerVerbArgs } from "../caller.ts";
import { requireLive, viewerLink } from "../live/viewer-link.ts";
import { newLoginProxy } from "../proxies/login-proxy.ts";
import { requireRole } from "../workspaces/roles.ts";

/**
 * Opens a live browser on the site to log in to, and the viewer link that shows it. With a proxy
 * pool, it goes through one of its proxies (fresh session id), which the login saved from it keeps.
 */
export async function openLoginSession({
  ctx,
  caller,
  input,
}: CallerVerbArgs<{ urls: string[]; proxy?: ProxyChoice }>): Promise<AuthSession> {
  requireRole(caller, "run");
  const live = requireLive(ctx);
  const proxy = await newLoginProxy(ctx, caller.workspaceId, input.proxy);
  const session = await live.sessions.open(caller.userId, input.urls, undefined, proxy);
  ctx.log.info("login session opened", { sessionId: session.id, userId: caller.userId, proxyPool: proxy?.sticky.pool ?? null });
  return { id: session.id, ...viewerLink(ctx, { kind: "session", id: session.id, owner: caller.userId }) };
}
