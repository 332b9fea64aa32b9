import { createServer } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import { closeServer, flattenHeaders, isGone, listen, readBody, sendJson } from "../lib/http-helpers.ts";
import { authorizeErrorPage, consentPage } from "./oauth-pages.ts";
import { exchangeCode } from "./token-endpoint.ts";
import type { IssuedCode, IssuedToken } from "./token-endpoint.ts";
import { avatarSvg, loginFor, numericId, randomToken } from "./oauth-tokens.ts";
import type { FakeOAuth, FakeOAuthAccount, FakeOAuthClient, FakeOAuthOptions, FakeOAuthRequest } from "./types.ts";

export const DEFAULT_OAUTH_ACCOUNT: Readonly<FakeOAuthAccount> = Object.freeze({ id: "10001", email: "ada@example.com", name: "Ada Lovelace", emailVerified: true });
export const DEFAULT_OAUTH_CLIENT: Readonly<FakeOAuthClient> = Object.freeze({ clientId: "fake-client-id", clientSecret: "fake-client-secret" });
const CODE_TTL_MS = 60_000;

interface AuthorizeRequest {
  client: FakeOAuthClient;
  redirectUri: string;
  state: string;
  scope: string;
  codeChallenge: string | undefined;
  nonce: string | undefined;
}

/**
 * An OAuth 2 authorization server with OpenID Connect on 127.0.0.1 that plays both Google (discovery,
 * ID token, /userinfo) and GitHub (/user, /user/emails) for the authorization-code flow with PKCE.
 * Configure better-auth's genericOAuth with `discoveryUrl: fake.discoveryUrl` (Google-like), or with
 * `authorizationUrl: url + "/authorize"`, `tokenUrl: url + "/token"`, `userInfoUrl: url + "/userinfo"`.
 */
export async function startFakeOAuth(options: FakeOAuthOptions = {}): Promise<FakeOAuth> {
  const accounts = [...(options.accounts ?? [DEFAULT_OAUTH_ACCOUNT])];
  const clients = options.clients ?? [DEFAULT_OAUTH_CLIENT];
  const requirePkce = options.requirePkce ?? true;
  const codes = new Map<string, IssuedCode>();
  const tokens = new Map<string, IssuedToken>();
  const requests: FakeOAuthRequest[] = [];
  let origin = "";

  const pictureOf = (account: FakeOAuthAccount) => account.picture ?? `${origin}/avatars/${encodeURIComponent(account.id)}.svg`;

  function validateAuthorize(params: URLSearchParams): AuthorizeRequest | string {
    const clientId = params.get("client_id");
    if (!clientId) return "Missing client_id.";
    const client = clients.find((c) => c.clientId === clientId);
    if (client === undefined) return `Unknown client_id: ${clientId}.`;
    const redirectUri = params.get("redirect_uri");
    if (!redirectUri) return "Missing redirect_uri.";
    if (!/^https?:\/\/[^\s]+$/.test(redirectUri)) return `redirect_uri must be an absolute http(s) URL: ${redirectUri}.`;
    if (client.redirectUris && !client.redirectUris.includes(redirectUri)) return `redirect_uri is not registered for this client: ${redirectUri}.`;
    const responseType = params.get("response_type");
    if (!responseType) return "Missing response_type.";
    if (responseType !== "code") return `Unsupported response_type: ${responseType} (only "code").`;
    const state = params.get("state");
    if (!state) return "Missing state.";
    const codeChallenge = params.get("code_challenge") ?? undefined;
    if (!codeChallenge && requirePkce) return "Missing code_challenge: PKCE is required.";
    if (codeChallenge && params.get("code_challenge_method") !== "S256") {
      return `Unsupported code_challenge_method: ${params.get("code_challenge_method") ?? "(missing, meaning plain)"} (only S256).`;
    }
    return { client, redirectUri, state, scope: params.get("scope") ?? "", codeChallenge, nonce: params.get("nonce") ?? undefined };
  }

  function consent(params: URLSearchParams, res: ServerResponse): void {
    const request = validateAuthorize(params);
    if (typeof request === "string") return sendHtml(res, 400, authorizeErrorPage(request));
    const target = new URL(request.redirectUri);
    if (params.get("action") === "cancel") {
      target.searchParams.set("error", "access_denied");
      target.searchParams.set("error_description", "The user cancelled the sign-in.");
    } else {
      const account = accounts.find((a) => a.id === params.get("account_id"));
      if (account === undefined) return sendHtml(res, 400, authorizeErrorPage(`Unknown account: ${params.get("account_id") ?? "(none)"}.`));
      const code = randomToken("", 24);
      const { client, ...rest } = request;
      codes.set(code, { ...rest, clientId: client.clientId, accountId: account.id, expiresAt: Date.now() + CODE_TTL_MS, used: false });
      target.searchParams.set("code", code);
    }
    target.searchParams.set("state", request.state);
    target.searchParams.set("iss", origin); // RFC 9207, announced in the discovery document
    res.writeHead(302, { location: target.toString(), "cache-control": "no-store", "content-length": 0 });
    res.end();
  }

  /** The account behind a Bearer (or GitHub-style `token`) access token, or undefined. */
  function bearerAccount(authorization: string | undefined): FakeOAuthAccount | undefined {
    const token = /^(?:Bearer|token)\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1];
    const issued = token === undefined ? undefined : tokens.get(token);
    if (issued === undefined || issued.expiresAt < Date.now()) return undefined;
    return accounts.find((a) => a.id === issued.accountId);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? "GET";
    const url = new URL(req.url ?? "/", origin);
    const raw = method === "GET" || method === "HEAD" ? "" : await readBody(req, 1024 * 1024);
    const headers = flattenHeaders(req.headers);
    requests.push({ method, path: url.pathname + url.search, headers, raw, at: Date.now() });
    const path = url.pathname.replace(/\/+$/, "") || "/";

    if (method === "GET" && path === "/.well-known/openid-configuration") return sendJson(res, 200, discovery(origin));
    if (method === "GET" && path === "/authorize") {
      const request = validateAuthorize(url.searchParams);
      if (typeof request === "string") return sendHtml(res, 400, authorizeErrorPage(request));
      return sendHtml(res, 200, consentPage(Object.fromEntries(url.searchParams), accounts, request.scope));
    }
    if (method === "POST" && path === "/authorize/consent") return consent(new URLSearchParams(raw), res);
    if (method === "POST" && path === "/token") {
      const reply = exchangeCode(new URLSearchParams(raw), headers.authorization, { clients, accounts, codes, tokens, issuer: origin, pictureOf });
      return sendJson(res, reply.status, reply.body, { "cache-control": "no-store", pragma: "no-cache", ...reply.headers });
    }
    const avatar = /^\/avatars\/([^/]+)\.svg$/.exec(path);
    if (method === "GET" && avatar) {
      const account = accounts.find((a) => a.id === decodeURIComponent(avatar[1] ?? ""));
      if (account === undefined) return sendJson(res, 404, { error: "not_found" });
      res.writeHead(200, { "content-type": "image/svg+xml" });
      return void res.end(avatarSvg(account.name));
    }
    if (["/userinfo", "/user", "/user/emails"].includes(path) && (method === "GET" || (method === "POST" && path === "/userinfo"))) {
      const account = bearerAccount(headers.authorization);
      if (account === undefined) {
        const challenge = 'Bearer error="invalid_token", error_description="The access token is missing, unknown or expired"';
        return sendJson(res, 401, { error: "invalid_token", error_description: "The access token is missing, unknown or expired." }, { "www-authenticate": challenge });
      }
      const verified = account.emailVerified ?? true;
      if (path === "/userinfo") {
        return sendJson(res, 200, { sub: account.id, email: account.email, email_verified: verified, name: account.name, picture: pictureOf(account) });
      }
      if (path === "/user/emails") return sendJson(res, 200, [{ email: account.email, primary: true, verified, visibility: "public" }]);
      const login = loginFor(account.email);
      return sendJson(res, 200, {
        id: numericId(account.id),
        login,
        name: account.name,
        email: account.email,
        avatar_url: pictureOf(account),
        html_url: `${origin}/${login}`,
        type: "User",
      });
    }
    sendJson(res, 404, { error: "not_found", error_description: `No route for ${method} ${url.pathname}` });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      sendJson(res, 500, { error: "server_error", error_description: `fake oauth: ${error instanceof Error ? error.message : String(error)}` });
    });
  });
  const port = await listen(server, 0, "127.0.0.1");
  origin = `http://127.0.0.1:${port}`;

  const first = clients[0] ?? DEFAULT_OAUTH_CLIENT;
  return {
    url: origin,
    discoveryUrl: `${origin}/.well-known/openid-configuration`,
    clientId: first.clientId,
    clientSecret: first.clientSecret,
    accounts,
    requests,
    addAccount(account) {
      accounts.push(account);
    },
    close: () => closeServer(server),
  };
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

function sendHtml(res: ServerResponse, status: number, html: string): void {
  if (isGone(res)) return;
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", "content-length": Buffer.byteLength(html), "cache-control": "no-store" });
  res.end(html);
}
