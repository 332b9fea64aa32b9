import { createHmac, timingSafeEqual } from "crypto";

/** Errand signs each delivery: `errand-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const SIGNATURE_HEADER = "errand-signature";
/** Older signatures are refused, so a captured delivery cannot be replayed later. */
const TOLERANCE_SECONDS = 300;

export function verifySignature(
  secret: string,
  header: string | undefined,
  rawBody: Buffer,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (!header) return false;
  const parts = new Map(header.split(",").map((part) => part.trim().split("=", 2) as [string, string]));
  const timestamp = Number(parts.get("t"));
  const given = parts.get("v1");
  if (!Number.isInteger(timestamp) || !given || !/^[0-9a-f]+$/i.test(given)) return false;
  if (Math.abs(nowSeconds - timestamp) > TOLERANCE_SECONDS) return false;
  const expected = createHmac("sha256", secret).update(`${timestamp}.`).update(rawBody).digest();
  const givenBytes = Buffer.from(given, "hex");
  return givenBytes.length === expected.length && timingSafeEqual(givenBytes, expected);
}
