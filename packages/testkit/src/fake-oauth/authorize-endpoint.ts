import type { ServerResponse } from "node:http";
import { sendHtml } from "../lib/http-helpers.ts";
import { authorizeErrorPage, consentPage } from "./oauth-pages.ts";
import { randomToken } from "./oauth-tokens.ts";
import type { TokenContext } from "./token-endpoint.ts";
import type { FakeOAuthClient } from "./types.ts";

const CODE_TTL_MS = 60_000;

/** The server's state as the authorization endpoint uses it. */
export interface AuthorizeContext extends TokenContext {
  requirePkce: boolean;
}

interface AuthorizeRequest {
  client: FakeOAuthClient;
  redirectUri: string;
  state: string;
  scope: string;
  codeChallenge: string | undefined;
  nonce: string | undefined;
}

/** GET /authorize: the consent page (pick an account), or an error page for a request that is not valid. */
export function authorizePage(ctx: AuthorizeContext, params: URLSearchParams, res: ServerResponse): void {
  const request = validateAuthorize(ctx, params);
  if (typeof request === "string") return sendHtml(res, 400, authorizeErrorPage(request));
  sendHtml(res, 200, consentPage(Object.fromEntries(params), ctx.accounts, request.scope));
}

/** POST /authorize/consent: back to the client with a code for the chosen account, or with access_denied. */
export function consent(ctx: AuthorizeContext, params: URLSearchParams, res: ServerResponse): void {
  const request = validateAuthorize(ctx, params);
  if (typeof request === "string") return sendHtml(res, 400, authorizeErrorPage(request));
  const target = new URL(request.redirectUri);
  if (params.get("action") === "cancel") {
    target.searchParams.set("error", "access_denied");
    target.searchParams.set("error_description", "The user cancelled the sign-in.");
  } else {
    const account = ctx.accounts.find((a) => a.id === params.get("account_id"));
    if (account === undefined) return sendHtml(res, 400, authorizeErrorPage(`Unknown account: ${params.get("account_id") ?? "(none)"}.`));
    const code = randomToken("", 24);
    const { client, ...rest } = request;
    ctx.codes.set(code, { ...rest, clientId: client.clientId, accountId: account.id, expiresAt: Date.now() + CODE_TTL_MS, used: false });
    target.searchParams.set("code", code);
  }
  target.searchParams.set("state", request.state);
  target.searchParams.set("iss", ctx.issuer); // RFC 9207, announced in the discovery document
  res.writeHead(302, { location: target.toString(), "cache-control": "no-store", "content-length": 0 });
  res.end();
}

function validateAuthorize(ctx: AuthorizeContext, params: URLSearchParams): AuthorizeRequest | string {
  const clientId = params.get("client_id");
  if (!clientId) return "Missing client_id.";
  const client = ctx.clients.find((c) => c.clientId === clientId);
  if (client === undefined) return `Unknown client_id: ${clientId}.`;
  const redirectUri = params.get("redirect_uri");
  if (!redirectUri) return "Missing redirect_uri.";
  if (!/^https?:\/\/[^\s]+$/.test(redirectUri)) return `redirect_uri must be an absolute http(s) URL: ${redirectUri}.`;
  if (client.redirectUris && !client.redirectUris.includes(redirectUri))
    return `redirect_uri is not registered for this client: ${redirectUri}.`;
  const responseType = params.get("response_type");
  if (!responseType) return "Missing response_type.";
  if (responseType !== "code") return `Unsupported response_type: ${responseType} (only "code").`;
  const state = params.get("state");
  if (!state) return "Missing state.";
  const codeChallenge = params.get("code_challenge") ?? undefined;
  if (!codeChallenge && ctx.requirePkce) return "Missing code_challenge: PKCE is required.";
  if (codeChallenge && params.get("code_challenge_method") !== "S256") {
    return `Unsupported code_challenge_method: ${params.get("code_challenge_method") ?? "(missing, meaning plain)"} (only S256).`;
  }
  return { client, redirectUri, state, scope: params.get("scope") ?? "", codeChallenge, nonce: params.get("nonce") ?? undefined };
}
