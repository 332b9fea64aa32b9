import type { ProxyChoice, StickyProxy } from "@errand/contract";
import type { ServiceContext } from "../context.ts";
import { conflict, invalid } from "../errors.ts";
import type { LiveSessionProxy } from "../live/live-sessions.ts";
import { pickProxy, stickyProxySettings } from "./pick-proxy.ts";

/** The proxy a new login session goes through: picked from the pool asked for with a fresh session id, kept by the login. */
export async function newLoginProxy(
  ctx: ServiceContext,
  workspaceId: string,
  choice: ProxyChoice | undefined,
): Promise<LiveSessionProxy | undefined> {
  if (!choice) return undefined;
  const picked = await pickProxy(ctx, workspaceId, choice);
  if ("problem" in picked)
    throw invalid([{ path: picked.problem.startsWith("There is no") ? "proxy.pool" : "proxy.country", message: picked.problem }]);
  return picked;
}

/**
 * "Log in again" goes through the login's own proxy and session (the site sees the same exit
 * address). When that proxy was removed from its pool, another is picked from the same pool
 * (a new session), which the login then keeps.
 */
export async function reloginProxy(
  ctx: ServiceContext,
  workspaceId: string,
  sticky: StickyProxy | null,
): Promise<LiveSessionProxy | undefined> {
  if (!sticky) return undefined;
  const same = await stickyProxySettings(ctx, workspaceId, sticky);
  if (!("problem" in same)) return { settings: same.settings, sticky };
  const picked = await pickProxy(ctx, workspaceId, { pool: sticky.pool, country: sticky.country ?? undefined });
  if ("problem" in picked) throw conflict(`${same.problem} ${picked.problem}`.replace(" Log in again to pick another.", ""));
  return picked;
}
