import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const randomToken = (prefix: string, bytes = 24) => `${prefix}${randomBytes(bytes).toString("base64url")}`;

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

/** RFC 7636 S256: BASE64URL(SHA256(ASCII(code_verifier))) must equal the code_challenge. */
export function pkceChallenge(verifier: string): string {
  return createHash("sha256").update(verifier, "ascii").digest("base64url");
}

export function verifyPkce(verifier: string, challenge: string): boolean {
  // RFC 7636 §4.1: 43–128 characters from the unreserved set.
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) return false;
  const expected = Buffer.from(pkceChallenge(verifier));
  const given = Buffer.from(challenge);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * A compact JWS signed with HS256, keyed with the client secret as OIDC §10.1 prescribes for
 * symmetric algorithms. Clients cannot check it against a JWKS; read claims from /userinfo, or
 * decode without verifying (the token came straight from the token endpoint over the back channel).
 */
export function signHs256Jwt(claims: Record<string, unknown>, secret: string): string {
  const header = base64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const payload = base64url(JSON.stringify(claims));
  const signature = createHmac("sha256", secret).update(`${header}.${payload}`).digest("base64url");
  return `${header}.${payload}.${signature}`;
}

/** GitHub ids are numbers: a numeric account id is used as is, any other gets a stable 48-bit hash. */
export function numericId(id: string): number {
  if (/^\d{1,15}$/.test(id)) return Number(id);
  return parseInt(createHash("sha256").update(id).digest("hex").slice(0, 12), 16);
}

/** A GitHub-style login from the email's local part ("ada.lovelace@x" → "ada-lovelace"). */
export function loginFor(email: string): string {
  const local = email.split("@")[0] ?? "user";
  return (
    local
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .toLowerCase() || "user"
  );
}

/** A small initials avatar, so `picture` / `avatar_url` point at something real. */
export function avatarSvg(name: string): string {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? "")
    .join("")
    .replace(/[<>&"']/g, "");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" fill="#4f46e5"/><text x="48" y="60" font-family="sans-serif" font-size="36" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
}
