import { createHash, createHmac, randomBytes } from "node:crypto";
import { describe, expect, test } from "vitest";
import { closedAfter } from "../testing/closed-after.ts";
import { startFakeOAuth } from "./start-fake-oauth.ts";
import type { FakeOAuth } from "./types.ts";

const REDIRECT_URI = "http://127.0.0.1:9/api/auth/oauth2/callback/google";

function pkcePair() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

function authorizeUrl(fake: FakeOAuth, challenge: string, overrides: Record<string, string | undefined> = {}): string {
  const params: Record<string, string | undefined> = {
    response_type: "code",
    client_id: fake.clientId,
    redirect_uri: REDIRECT_URI,
    scope: "openid email profile",
    state: "state-123",
    code_challenge: challenge,
    code_challenge_method: "S256",
    nonce: "nonce-456",
    ...overrides,
  };
  const url = new URL("/authorize", fake.url);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

/** The fields of the form whose submit button reads `button`, as a browser would post them. */
function formFields(html: string, button: string): URLSearchParams {
  const form = html.split("</form>").find((chunk) => chunk.includes(`>${button}</button>`)) ?? "";
  const decode = (value: string) =>
    value
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  return new URLSearchParams(
    [...form.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((m): [string, string] => [
      decode(m[1] ?? ""),
      decode(m[2] ?? ""),
    ]),
  );
}

async function consent(fake: FakeOAuth, url: string, button: string): Promise<URL> {
  const page = await (await fetch(url)).text();
  const response = await fetch(`${fake.url}/authorize/consent`, { method: "POST", body: formFields(page, button), redirect: "manual" });
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location") ?? "");
}

const token = (fake: FakeOAuth, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${fake.url}/token`, { method: "POST", headers: { accept: "application/json", ...headers }, body: new URLSearchParams(fields) });

/** The token request that trades an authorization code, as a confidential client with PKCE. */
const codeExchange = (fake: FakeOAuth, code: string, verifier: string) => ({
  grant_type: "authorization_code",
  code,
  redirect_uri: REDIRECT_URI,
  code_verifier: verifier,
  client_id: fake.clientId,
  client_secret: fake.clientSecret,
});

function decodeJwt(jwt: string, secret: string): Record<string, unknown> {
  const [header = "", payload = "", signature = ""] = jwt.split(".");
  expect(JSON.parse(Buffer.from(header, "base64url").toString())).toEqual({ alg: "HS256", typ: "JWT" });
  expect(createHmac("sha256", secret).update(`${header}.${payload}`).digest("base64url")).toBe(signature);
  return JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<string, unknown>;
}

const it = test.extend("fake", closedAfter(startFakeOAuth));

describe("startFakeOAuth", () => {
  it("publishes an OpenID discovery document", async ({ fake }) => {
    const doc = (await (await fetch(fake.discoveryUrl)).json()) as Record<string, unknown>;
    expect(doc).toMatchObject({
      issuer: fake.url,
      authorization_endpoint: `${fake.url}/authorize`,
      token_endpoint: `${fake.url}/token`,
      userinfo_endpoint: `${fake.url}/userinfo`,
      code_challenge_methods_supported: ["S256"],
    });
  });

  it("runs the authorization-code flow with PKCE, like Google and like GitHub", async ({ fake }) => {
    const { verifier, challenge } = pkcePair();
    const page = await (await fetch(authorizeUrl(fake, challenge))).text();
    expect(page).toContain("<h1>Sign in to Errand</h1>");
    expect(page).toContain('<button type="submit">Continue as ada@example.com</button>');
    expect(page).toContain(">Cancel</button>");

    const callback = await consent(fake, authorizeUrl(fake, challenge), "Continue as ada@example.com");
    expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);
    expect(callback.searchParams.get("state")).toBe("state-123");
    expect(callback.searchParams.get("iss")).toBe(fake.url);
    const code = callback.searchParams.get("code") ?? "";
    expect(code).not.toBe("");

    const exchange = codeExchange(fake, code, verifier);
    const response = await token(fake, exchange);
    expect(response.status).toBe(200);
    const tokens = (await response.json()) as { access_token: string; id_token: string };
    expect(tokens).toMatchObject({ token_type: "Bearer", expires_in: 3600, scope: "openid email profile" });
    const claims = decodeJwt(tokens.id_token, fake.clientSecret);
    expect(claims).toMatchObject({
      iss: fake.url,
      aud: fake.clientId,
      sub: "10001",
      email: "ada@example.com",
      email_verified: true,
      name: "Ada Lovelace",
      nonce: "nonce-456",
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);

    const auth = { authorization: `Bearer ${tokens.access_token}` };
    const userinfo = await (await fetch(`${fake.url}/userinfo`, { headers: auth })).json();
    expect(userinfo).toEqual({
      sub: "10001",
      email: "ada@example.com",
      email_verified: true,
      name: "Ada Lovelace",
      picture: `${fake.url}/avatars/10001.svg`,
    });
    expect((await fetch(`${fake.url}/avatars/10001.svg`)).headers.get("content-type")).toBe("image/svg+xml");
    const user = await (await fetch(`${fake.url}/user`, { headers: auth })).json();
    expect(user).toMatchObject({
      id: 10001,
      login: "ada",
      name: "Ada Lovelace",
      email: "ada@example.com",
      avatar_url: `${fake.url}/avatars/10001.svg`,
    });
    const emails = await (await fetch(`${fake.url}/user/emails`, { headers: auth })).json();
    expect(emails).toEqual([{ email: "ada@example.com", primary: true, verified: true, visibility: "public" }]);

    const reused = await token(fake, exchange);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({ error: "invalid_grant", error_description: "The authorization code has already been used." });
    expect((await fetch(`${fake.url}/userinfo`, { headers: auth })).status).toBe(401); // the replay revoked the token
  });

  it("rejects a wrong verifier, a wrong redirect_uri and bad client credentials", async ({ fake }) => {
    const { verifier, challenge } = pkcePair();
    const code = (await consent(fake, authorizeUrl(fake, challenge), "Continue as ada@example.com")).searchParams.get("code") ?? "";
    const basic = { authorization: `Basic ${Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString("base64")}` };
    const base = { grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI };

    const wrongVerifier = await token(fake, { ...base, code_verifier: pkcePair().verifier }, basic);
    expect(wrongVerifier.status).toBe(400);
    expect(await wrongVerifier.json()).toMatchObject({ error: "invalid_grant", error_description: expect.stringContaining("PKCE") });
    expect(
      await (await token(fake, { ...base, redirect_uri: "http://127.0.0.1:9/elsewhere", code_verifier: verifier }, basic)).json(),
    ).toMatchObject({ error: "invalid_grant" });
    const badSecret = await token(fake, { ...base, code_verifier: verifier, client_id: fake.clientId, client_secret: "nope" });
    expect(badSecret.status).toBe(401);
    expect(await badSecret.json()).toMatchObject({ error: "invalid_client" });
    expect(await (await token(fake, { ...base, grant_type: "password" }, basic)).json()).toMatchObject({ error: "unsupported_grant_type" });

    const ok = await token(fake, { ...base, code_verifier: verifier }, basic);
    expect(ok.status).toBe(200);
    expect((await fetch(`${fake.url}/userinfo`, { headers: { authorization: "Bearer not-a-token" } })).status).toBe(401);
    expect((await fetch(`${fake.url}/user`)).status).toBe(401);
  });

  it("names the problem with a bad authorization request", async ({ fake }) => {
    const { challenge } = pkcePair();
    const cases: [Record<string, string | undefined>, string][] = [
      [{ client_id: undefined }, "Missing client_id."],
      [{ client_id: "someone-else" }, "Unknown client_id: someone-else."],
      [{ redirect_uri: undefined }, "Missing redirect_uri."],
      [{ response_type: "token" }, "Unsupported response_type: token"],
      [{ state: undefined }, "Missing state."],
      [{ code_challenge: undefined }, "Missing code_challenge: PKCE is required."],
      [{ code_challenge_method: "plain" }, "Unsupported code_challenge_method: plain"],
    ];
    for (const [overrides, problem] of cases) {
      const response = await fetch(authorizeUrl(fake, challenge, overrides));
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(problem);
    }
  });

  it("cancels with access_denied, offers added accounts, and gives no ID token without openid", async ({ fake }) => {
    const { verifier, challenge } = pkcePair();
    const cancelled = await consent(fake, authorizeUrl(fake, challenge), "Cancel");
    expect(Object.fromEntries(cancelled.searchParams)).toMatchObject({ error: "access_denied", state: "state-123" });
    expect(cancelled.searchParams.has("code")).toBe(false);

    fake.addAccount({
      id: "grace",
      email: "grace@example.com",
      name: "Grace Hopper",
      emailVerified: false,
      picture: "https://example.com/g.png",
    });
    const github = authorizeUrl(fake, challenge, { scope: "read:user user:email", nonce: undefined });
    const code = (await consent(fake, github, "Continue as grace@example.com")).searchParams.get("code") ?? "";
    const tokens = (await (await token(fake, codeExchange(fake, code, verifier))).json()) as Record<string, string>;
    expect(tokens.id_token).toBeUndefined();
    const user = (await (await fetch(`${fake.url}/user`, { headers: { authorization: `token ${tokens.access_token}` } })).json()) as Record<
      string,
      unknown
    >;
    expect(user).toMatchObject({ login: "grace", email: "grace@example.com", avatar_url: "https://example.com/g.png" });
    expect(Number.isSafeInteger(user.id)).toBe(true);
    const emails = await (await fetch(`${fake.url}/user/emails`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).json();
    expect(emails).toEqual([{ email: "grace@example.com", primary: true, verified: false, visibility: "public" }]);
  });
});
