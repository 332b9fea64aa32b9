import { callerFromApiKey, callerFromSession } from "@errand/services/accounts";
import { unauthorized, type Caller, type ServiceContext } from "@errand/services";
import type { Auth } from "@errand/services/auth";
import { callerInWorkspace } from "@errand/services/workspaces";
import type { MiddlewareHandler } from "hono";
import { clientIp } from "./client-ip.ts";
import { errorResponse } from "./errors.ts";

/** The caller, resolved once here; handlers pass it to every verb. Cookie callers get CSRF checks. */
export type AppEnv = { Variables: { caller: Caller } };

/**
 * The workspace the web app acts in (its switcher), for session callers only: a key has its own
 * workspace and ignores it (docs/adr/0036-workspace-invitations.md). A read may name it in the
 * `workspace` query parameter instead, as the event stream does.
 */
export const WORKSPACE_HEADER = "x-errand-workspace";

/** x-api-key, or else the web app's session cookie. A named key's last use records the request's address. */
export function authenticate(deps: { ctx: ServiceContext; auth: Auth; baseUrl: string; trustProxy: number }): MiddlewareHandler<AppEnv> {
  const origin = new URL(deps.baseUrl).origin;
  return async (c, next) => {
    const apiKey = c.req.header("x-api-key");
    if (apiKey !== undefined) {
      const ip = clientIp(c, deps.trustProxy);
      c.set("caller", { ...(await callerFromApiKey({ ctx: deps.ctx, input: { apiKey, ip } })), ip });
      return next();
    }
    const session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) throw unauthorized("Sign in or send your API key in the x-api-key header");
    // CSRF, whatever the method: some GETs change state (make-public, as the spec has it).
    if (!isOwnPageRequest(c.req.raw.headers, origin, isSafeMethod(c.req.method))) {
      return errorResponse(c, "forbidden", "Cross-site request refused");
    }
    const personal = callerFromSession({ ctx: deps.ctx, input: { userId: session.user.id, email: session.user.email } });
    // EventSource cannot send headers: the web app's event stream names its workspace in the query.
    const workspaceId = c.req.header(WORKSPACE_HEADER) ?? (isSafeMethod(c.req.method) ? c.req.query("workspace") : undefined);
    // Membership is checked on every request: a removed member's next call answers 404 "Workspace not found".
    const caller =
      workspaceId && workspaceId !== personal.workspaceId
        ? await callerInWorkspace({ ctx: deps.ctx, caller: personal, input: { workspaceId } })
        : personal;
    // The address goes into the audit log (docs/adr/0038-audit-log.md).
    c.set("caller", { ...caller, ip: clientIp(c, deps.trustProxy) });
    return next();
  };
}

function isSafeMethod(method: string) {
  return method === "GET" || method === "HEAD" || method === "OPTIONS";
}

/**
 * CSRF: a cookie-authenticated call must come from our own pages, whatever its method. Browsers
 * say where a request comes from (Sec-Fetch-Site; else Origin or Referer): anything another site
 * started is refused. A read with no such header at all (a script with a copied cookie, an old
 * browser) passes; a write never does. "none" is an address the person typed or bookmarked:
 * no other site is involved, so it may read.
 */
export function isOwnPageRequest(headers: Headers, origin: string, read: boolean): boolean {
  const site = headers.get("sec-fetch-site");
  if (site) return site === "same-origin" || (read && site === "none");
  const from = headers.get("origin") ?? headers.get("referer");
  if (!from) return read;
  return isSameOrigin(headers, origin);
}

/** The request says it comes from our own origin. */
export function isSameOrigin(headers: Headers, origin: string): boolean {
  const site = headers.get("sec-fetch-site");
  if (site) return site === "same-origin";
  const from = headers.get("origin") ?? headers.get("referer");
  if (!from) return false;
  try {
    return new URL(from).origin === origin;
  } catch {
    return false;
  }
}
