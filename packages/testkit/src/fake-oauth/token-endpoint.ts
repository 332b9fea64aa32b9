import { randomToken, signHs256Jwt, verifyPkce } from "./oauth-tokens.ts";
import type { FakeOAuthAccount, FakeOAuthClient } from "./types.ts";

const TOKEN_TTL_SECONDS = 3600;

export interface IssuedCode {
  clientId: string;
  redirectUri: string;
  state: string;
  scope: string;
  codeChallenge: string | undefined;
  nonce: string | undefined;
  accountId: string;
  expiresAt: number;
  used: boolean;
  accessToken?: string;
}

export interface IssuedToken {
  accountId: string;
  clientId: string;
  scope: string;
  expiresAt: number;
}

export interface TokenContext {
  clients: FakeOAuthClient[];
  accounts: FakeOAuthAccount[];
  codes: Map<string, IssuedCode>;
  tokens: Map<string, IssuedToken>;
  issuer: string;
  pictureOf(account: FakeOAuthAccount): string;
}

interface TokenReply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

const oauthError = (error: string, description: string, status = 400): TokenReply => ({
  status,
  body: { error, error_description: description },
});

/** RFC 6749 §2.3.1: Basic credentials are form-urlencoded before base64. */
function formDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, " "));
  } catch {
    return value;
  }
}

function authenticateClient(
  form: URLSearchParams,
  authorization: string | undefined,
  clients: FakeOAuthClient[],
): FakeOAuthClient | TokenReply {
  const basic = /^Basic\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1];
  let clientId = form.get("client_id") ?? undefined;
  let clientSecret = form.get("client_secret") ?? undefined;
  if (basic !== undefined) {
    const decoded = Buffer.from(basic, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon < 0) return oauthError("invalid_client", "Malformed Basic credentials.", 401);
    if (clientSecret !== undefined)
      return oauthError("invalid_request", "Use one client authentication method, not Basic and client_secret both.");
    const basicId = formDecode(decoded.slice(0, colon));
    if (clientId !== undefined && clientId !== basicId)
      return oauthError("invalid_request", "client_id differs from the Basic credentials.");
    clientId = basicId;
    clientSecret = formDecode(decoded.slice(colon + 1));
  }
  const client = clients.find((c) => c.clientId === clientId);
  if (client === undefined || clientSecret !== client.clientSecret) {
    const reply = oauthError("invalid_client", client === undefined ? "Unknown or missing client_id." : "Wrong client secret.", 401);
    return { ...reply, headers: { "www-authenticate": 'Basic realm="fake-oauth"' } };
  }
  return client;
}

/** `POST /token` with grant_type=authorization_code: client auth, single-use code, redirect_uri and PKCE checks. */
export function exchangeCode(form: URLSearchParams, authorization: string | undefined, ctx: TokenContext): TokenReply {
  const client = authenticateClient(form, authorization, ctx.clients);
  if ("status" in client) return client;
  const grantType = form.get("grant_type");
  if (!grantType) return oauthError("invalid_request", "Missing grant_type.");
  if (grantType !== "authorization_code") return oauthError("unsupported_grant_type", `Unsupported grant_type: ${grantType}.`);
  const code = form.get("code");
  if (!code) return oauthError("invalid_request", "Missing code.");

  const issued = ctx.codes.get(code);
  if (issued === undefined) return oauthError("invalid_grant", "The authorization code is invalid.");
  if (issued.used) {
    // RFC 6749 §4.1.2: a replayed code should revoke what it produced.
    if (issued.accessToken !== undefined) ctx.tokens.delete(issued.accessToken);
    return oauthError("invalid_grant", "The authorization code has already been used.");
  }
  if (issued.expiresAt < Date.now()) return oauthError("invalid_grant", "The authorization code has expired.");
  if (issued.clientId !== client.clientId) return oauthError("invalid_grant", "The authorization code was issued to another client.");
  if (form.get("redirect_uri") !== issued.redirectUri) {
    return oauthError("invalid_grant", "redirect_uri does not match the one of the authorization request.");
  }
  if (issued.codeChallenge !== undefined) {
    const verifier = form.get("code_verifier");
    if (!verifier) return oauthError("invalid_grant", "Missing code_verifier.");
    if (!verifyPkce(verifier, issued.codeChallenge))
      return oauthError("invalid_grant", "PKCE verification failed: code_verifier does not match code_challenge.");
  }
  const account = ctx.accounts.find((a) => a.id === issued.accountId);
  if (account === undefined) return oauthError("invalid_grant", "The account no longer exists.");

  const accessToken = randomToken("fake_at_");
  const now = Math.floor(Date.now() / 1000);
  issued.used = true;
  issued.accessToken = accessToken;
  ctx.tokens.set(accessToken, {
    accountId: account.id,
    clientId: client.clientId,
    scope: issued.scope,
    expiresAt: Date.now() + TOKEN_TTL_SECONDS * 1000,
  });
  const body: Record<string, unknown> = {
    access_token: accessToken,
    token_type: "Bearer",
    expires_in: TOKEN_TTL_SECONDS,
    scope: issued.scope,
  };
  // As with Google and GitHub, an ID token only comes with the openid scope.
  if (issued.scope.split(" ").includes("openid")) {
    const claims = {
      iss: ctx.issuer,
      aud: client.clientId,
      azp: client.clientId,
      sub: account.id,
      email: account.email,
      email_verified: account.emailVerified ?? true,
      name: account.name,
      picture: ctx.pictureOf(account),
      iat: now,
      exp: now + TOKEN_TTL_SECONDS,
      ...(issued.nonce === undefined ? {} : { nonce: issued.nonce }),
    };
    body.id_token = signHs256Jwt(claims, client.clientSecret);
  }
  return { status: 200, body };
}
