import { createHmac, randomBytes } from "node:crypto";
import { escapeHtml, page, redirect } from "../html-layout.ts";
import type { FixtureResponse, FixtureRoute, RouteContext } from "../types.ts";

/**
 * A sign-in with a second factor (the credential vault, docs/architecture.md): email and password, then a 6-digit code from an
 * authenticator app, checked against the TOTP secret below (RFC 6238, computed here on its own
 * so the agent's codes are checked by a second implementation). GET /vault/status says whether
 * someone got through: the page's own outcome.
 */
export const VAULT_USER = {
  username: "vault-user@example.com",
  password: "Tr0ub4dor&3-vault-pass",
  /** Base32, as a site shows it when an authenticator app is set up. */
  totpSecret: "KRSXG5CTMVRXEZLUIZXXEVDFON2FG2LU",
} as const;

const PENDING = "vault-pending:";
const SIGNED_IN = "vault-signed-in";

function base32Bytes(text: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const c of text) bits += alphabet.indexOf(c).toString(2).padStart(5, "0");
  return Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2)));
}

/** The code of the 30 s period `step` periods from now. */
function codeAt(step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + step));
  const mac = createHmac("sha1", base32Bytes(VAULT_USER.totpSecret)).update(counter).digest();
  const offset = mac[19]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/** The code the site would send now, as a site that e-mails its codes does (tests mail it themselves). */
export const currentVaultCode = () => codeAt(0);

/** Like most sites, the code of the previous period still counts (a code typed as the period ends). */
const codeMatches = (code: string) => code === codeAt(0) || code === codeAt(-1);

function signInPage(error?: string, status = 200): FixtureResponse {
  return page(
    {
      title: "Sign in to Vault Co",
      body: `<h1>Sign in to Vault Co</h1>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post" action="/vault/login">
  <label for="vault-email">Email</label>
  <input id="vault-email" name="email" type="email" autocomplete="username">
  <label for="vault-password">Password</label>
  <input id="vault-password" name="password" type="password" autocomplete="current-password">
  <p><button type="submit">Continue</button></p>
</form>`,
    },
    status,
  );
}

function codePage(token: string, error?: string, status = 200): FixtureResponse {
  return page(
    {
      title: "Two-step verification",
      body: `<h1>Two-step verification</h1>
<p>Enter the 6-digit code from your authenticator app.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post" action="/vault/verify">
  <input type="hidden" name="token" value="${escapeHtml(token)}">
  <label for="vault-code">Authentication code</label>
  <input id="vault-code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" maxlength="6">
  <p><button type="submit">Verify</button></p>
</form>`,
    },
    status,
  );
}

const signedIn = (ctx: RouteContext) => ctx.state.sessions.has(SIGNED_IN);

export const vaultLoginRoutes: FixtureRoute[] = [
  { method: "GET", path: "/vault/login", handle: () => signInPage() },
  {
    method: "POST",
    path: "/vault/login",
    handle: (ctx) => {
      const email = (ctx.form.get("email") ?? "").trim().toLowerCase();
      if (email !== VAULT_USER.username || ctx.form.get("password") !== VAULT_USER.password)
        return signInPage("Wrong email or password.", 401);
      const token = randomBytes(12).toString("hex");
      ctx.state.sessions.add(PENDING + token);
      return codePage(token);
    },
  },
  {
    method: "POST",
    path: "/vault/verify",
    handle: (ctx) => {
      const token = ctx.form.get("token") ?? "";
      if (!ctx.state.sessions.has(PENDING + token)) return signInPage("Your sign-in expired: start again.", 401);
      if (!codeMatches((ctx.form.get("code") ?? "").trim())) return codePage(token, "That code is not right. Try the current one.", 401);
      ctx.state.sessions.delete(PENDING + token);
      ctx.state.sessions.add(SIGNED_IN);
      return redirect("/vault/home", 303);
    },
  },
  {
    method: "GET",
    path: "/vault/home",
    handle: (ctx) =>
      signedIn(ctx)
        ? page({
            title: "Vault Co",
            body: `<h1>Welcome to Vault Co</h1><p id="vault-status">Signed in as ${VAULT_USER.username} with two-step verification.</p>`,
          })
        : redirect("/vault/login"),
  },
  {
    method: "GET",
    path: "/vault/status",
    handle: (ctx) => ({ headers: { "content-type": "application/json" }, body: JSON.stringify({ signed_in: signedIn(ctx) }) }),
  },
];
