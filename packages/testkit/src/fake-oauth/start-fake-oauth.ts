import { createServer } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import { closeServer, flattenHeaders, listen, readBody, sendJson } from "../lib/http-helpers.ts";
import { authorizePage, consent } from "./authorize-endpoint.ts";
import type { AuthorizeContext } from "./authorize-endpoint.ts";
import { avatarSvg } from "./oauth-tokens.ts";
import { exchangeCode } from "./token-endpoint.ts";
import type { FakeOAuth, FakeOAuthAccount, FakeOAuthClient, FakeOAuthOptions, FakeOAuthRequest } from "./types.ts";
import { USER_PATHS, userInfo } from "./user-endpoints.ts";

export const DEFAULT_OAUTH_ACCOUNT: Readonly<FakeOAuthAccount> = Object.freeze({
  id: "10001",
  email: "ada@example.com",
  name: "Ada Lovelace",
  emailVerified: true,
});
export const DEFAULT_OAUTH_CLIENT: Readonly<FakeOAuthClient> = Object.freeze({
  clientId: "fake-client-id",
  clientSecret: "fake-client-secret",
});

/**
 * An OAuth 2 authorization server with OpenID Connect on 127.0.0.1 that plays both Google (discovery,
 * ID token, /userinfo) and GitHub (/user, /user/emails) for the authorization-code flow with PKCE.
 * Configure better-auth's genericOAuth with `discoveryUrl: fake.discoveryUrl` (Google-like), or with
 * `authorizationUrl: url + "/authorize"`, `tokenUrl: url + "/token"`, `userInfoUrl: url + "/userinfo"`.
 */
export async function startFakeOAuth(options: FakeOAuthOptions = {}): Promise<FakeOAuth> {
  const clients = options.clients ?? [DEFAULT_OAUTH_CLIENT];
  const ctx: AuthorizeContext = {
    clients,
    accounts: [...(options.accounts ?? [DEFAULT_OAUTH_ACCOUNT])],
    codes: new Map(),
    tokens: new Map(),
    issuer: "",
    pictureOf: (account) => account.picture ?? `${ctx.issuer}/avatars/${encodeURIComponent(account.id)}.svg`,
    requirePkce: options.requirePkce ?? true,
  };
  const requests: FakeOAuthRequest[] = [];
  const server = createServer((req, res) => {
    handle(ctx, requests, req, res).catch((error: unknown) => {
      sendJson(res, 500, {
        error: "server_error",
        error_description: `fake oauth: ${error instanceof Error ? error.message : String(error)}`,
      });
    });
  });
  const port = await listen(server, 0, "127.0.0.1");
  ctx.issuer = `http://127.0.0.1:${port}`;

  const first = clients[0] ?? DEFAULT_OAUTH_CLIENT;
  return {
    url: ctx.issuer,
    discoveryUrl: `${ctx.issuer}/.well-known/openid-configuration`,
    clientId: first.clientId,
    clientSecret: first.clientSecret,
    accounts: ctx.accounts,
    requests,
    addAccount(account) {
      ctx.accounts.push(account);
    },
    close: () => closeServer(server),
  };
}

/** Records the request, then routes it: discovery, authorize and consent, token, avatars, the user endpoints. */
async function handle(ctx: AuthorizeContext, requests: FakeOAuthRequest[], req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = req.method ?? "GET";
  const url = new URL(req.url ?? "/", ctx.issuer);
  const raw = method === "GET" || method === "HEAD" ? "" : await readBody(req, 1024 * 1024);
  const headers = flattenHeaders(req.headers);
  requests.push({ method, path: url.pathname + url.search, headers, raw, at: Date.now() });
  const path = url.pathname.replace(/\/+$/, "") || "/";

  if (method === "GET" && path === "/.well-known/openid-configuration") return sendJson(res, 200, discovery(ctx.issuer));
  if (method === "GET" && path === "/authorize") return authorizePage(ctx, url.searchParams, res);
  if (method === "POST" && path === "/authorize/consent") return consent(ctx, new URLSearchParams(raw), res);
  if (method === "POST" && path === "/token") {
    const reply = exchangeCode(new URLSearchParams(raw), headers.authorization, ctx);
    return sendJson(res, reply.status, reply.body, { "cache-control": "no-store", pragma: "no-cache", ...reply.headers });
  }
  const avatar = /^\/avatars\/([^/]+)\.svg$/.exec(path);
  if (method === "GET" && avatar) {
    const account = ctx.accounts.find((a) => a.id === decodeURIComponent(avatar[1] ?? ""));
    if (account === undefined) return sendJson(res, 404, { error: "not_found" });
    res.writeHead(200, { "content-type": "image/svg+xml" });
    return void res.end(avatarSvg(account.name));
  }
  if (USER_PATHS.includes(path) && (method === "GET" || (method === "POST" && path === "/userinfo")))
    return userInfo(ctx, path, headers.authorization, res);
  sendJson(res, 404, { error: "not_found", error_description: `No route for ${method} ${url.pathname}` });
}

/**
 * Discovery without `jwks_uri`: ID tokens are HS256 (keyed with the client secret), which a JWKS cannot
 * describe, and clients such as better-auth would otherwise try to verify them against one.
 */
function discovery(issuer: string) {
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    userinfo_endpoint: `${issuer}/userinfo`,
    response_types_supported: ["code"],
    grant_types_supported: ["authorization_code"],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["HS256"],
    scopes_supported: ["openid", "email", "profile"],
    token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
    code_challenge_methods_supported: ["S256"],
    claims_supported: ["iss", "aud", "sub", "email", "email_verified", "name", "picture", "iat", "exp", "nonce"],
    authorization_response_iss_parameter_supported: true,
  };
}
