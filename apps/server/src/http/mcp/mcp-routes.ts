import { createErrandMcpServer, createStatelessMcpEndpoint } from "@errand/mcp";
import { Errand } from "@errand/sdk";
import { callerFromApiKey } from "@errand/services/accounts";
import { ServiceError, type ServiceContext } from "@errand/services";
import { Hono, type Context } from "hono";
import { errorResponse } from "../errors.ts";
import { inAppFetch } from "./in-app-fetch.ts";

export const MCP_PATH = "/mcp";

/**
 * Streamable HTTP MCP at /mcp, stateless (any server process answers any request). The caller's
 * API key, as a Bearer token or in x-api-key, is checked before any MCP handling: a missing or bad
 * one is a 401 with WWW-Authenticate. Each tool then calls the REST API in this process (no
 * network hop) with that key, so it meets the same authentication, rate limits, ownership checks
 * and error answers as any API client. No cookie is ever read here: no CSRF or DNS-rebinding risk.
 */
export function mcpRoutes(deps: { ctx: ServiceContext; baseUrl: string; dispatch: (request: Request) => Promise<Response> }) {
  const endpoint = createStatelessMcpEndpoint();
  // Our own URLs (the API, signed screenshot links) are answered by the app in this process.
  const inApp = inAppFetch(new URL(deps.baseUrl).origin, deps.dispatch);

  return new Hono().all("/", async (c, next) => {
    // "/mcp" is also the MCP integration page's short link (spec): a person's browser asking for
    // a page gets the web app, which opens /mcp-integration. MCP clients POST, or GET an event stream.
    if (isPageRequest(c.req.raw)) return next();
    const apiKey = keyFrom(c.req.raw.headers);
    if (!apiKey)
      return unauthorized(c, "Send your Errand API key as a Bearer token (Authorization: Bearer <key>) or in the x-api-key header", false);
    let userId: string;
    try {
      ({ userId } = await callerFromApiKey({ ctx: deps.ctx, input: { apiKey } }));
    } catch (error) {
      if (error instanceof ServiceError && error.code === "unauthorized") return unauthorized(c, error.message, true);
      throw error;
    }
    // Retries are the API client's business, not this relay's: an in-process call does not drop.
    const errand = new Errand({ apiKey, baseUrl: deps.baseUrl, fetch: inApp, maxRetries: 0 });
    return endpoint.handle(c.req.raw, { caller: userId, createServer: () => createErrandMcpServer(errand) });
  });
}

/** A GET or HEAD for a page (not an MCP client's event stream) with no key: a person following the link. */
function isPageRequest(request: Request): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (keyFrom(request.headers)) return false;
  return !(request.headers.get("accept") ?? "").includes("text/event-stream");
}

/** The key from "Authorization: Bearer <key>", else from x-api-key. */
function keyFrom(headers: Headers): string | undefined {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.get("authorization") ?? "")?.[1];
  const key = bearer ?? headers.get("x-api-key")?.trim();
  return key ? key : undefined;
}

/** RFC 6750: a challenge naming the scheme; "invalid_token" only when a key was sent. */
function unauthorized(c: Context, message: string, keySent: boolean) {
  c.header("WWW-Authenticate", keySent ? 'Bearer realm="errand", error="invalid_token"' : 'Bearer realm="errand"');
  return errorResponse(c, "unauthorized", message);
}
