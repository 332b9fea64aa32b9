import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The live endpoints' tokens (viewer tokens, internal credentials): base64url(JSON array of
 * fields) + "." + HMAC-SHA256 of `<purpose>:<body>`, so a token made for one purpose is never
 * accepted for another even under the same key.
 */
export function signFields(key: Buffer, purpose: string, fields: unknown[]): string {
  const body = Buffer.from(JSON.stringify(fields)).toString("base64url");
  return `${body}.${mac(key, purpose, body)}`;
}

/** The fields of a token signed with `key` for `purpose`, or null when it is malformed or its signature does not hold. */
export function openFields(key: Buffer, purpose: string, token: string): unknown[] | null {
  const [body, signature, extra] = token.split(".");
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(key, purpose, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const fields: unknown = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
    return Array.isArray(fields) ? fields : null;
  } catch {
    return null;
  }
}

function mac(key: Buffer, purpose: string, body: string): string {
  return createHmac("sha256", key).update(`${purpose}:${body}`).digest("base64url");
}
