import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../errors.ts";
import type { LiveServices } from "./live-services.ts";
import { signViewerToken, type ViewerGrant } from "./viewer-token.ts";

export function requireLive(ctx: ServiceContext): LiveServices {
  if (!ctx.live) throw new ServiceError("unavailable", "Live browsers are not available on this server: it runs without a browser.");
  return ctx.live;
}

/** The viewer page's URL for a session or run, with a short-lived token in the fragment (kept out of logs and referrers). */
export function viewerLink(ctx: ServiceContext, grant: Omit<ViewerGrant, "exp">): { debug_url: string; expires_at: string } {
  const live = requireLive(ctx);
  const exp = Date.now() + live.tokenTtlMs;
  const token = signViewerToken(live.tokenKey, { ...grant, exp });
  const path = grant.kind === "session" ? "sessions" : "runs";
  return { debug_url: `${ctx.config.baseUrl}/live/${path}/${grant.id}#token=${token}`, expires_at: new Date(exp).toISOString() };
}
