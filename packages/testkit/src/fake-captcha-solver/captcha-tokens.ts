import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Tokens the fake solver issues and the fixture sites' verification endpoints accept. Both sides
 * live in this process and share this secret, so a token is checked by its HMAC: no registry, and
 * anything a browser makes up on its own (a widget's "bot" token, a typo) fails.
 */
const FAKE_CAPTCHA_SECRET = "errand-fake-captcha-secret-not-for-production";

/** The widget families a token can be for. */
export type FakeCaptchaTokenKind = "recaptcha-v2" | "recaptcha-v3" | "hcaptcha" | "turnstile";

export interface FakeCaptchaTokenClaims {
  kind: FakeCaptchaTokenKind;
  siteKey: string;
  /** reCAPTCHA v3 / Turnstile action the token was requested for. */
  action?: string;
  /** reCAPTCHA v3 score (0..1). */
  score?: number;
  /** Issued at, ms since the epoch. */
  iat: number;
  nonce: string;
}

const sign = (payload: string) => createHmac("sha256", FAKE_CAPTCHA_SECRET).update(payload).digest("base64url");

export function issueCaptchaToken(claims: Omit<FakeCaptchaTokenClaims, "iat" | "nonce">): string {
  const payload = Buffer.from(JSON.stringify({ ...claims, iat: Date.now(), nonce: randomBytes(9).toString("base64url") })).toString(
    "base64url",
  );
  return `fcap1.${payload}.${sign(payload)}`;
}

/** The claims of a token this module issued, or undefined for anything else. */
export function readCaptchaToken(token: string): FakeCaptchaTokenClaims | undefined {
  const [prefix, payload, signature, ...rest] = token.split(".");
  if (prefix !== "fcap1" || !payload || !signature || rest.length > 0) return undefined;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    return JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as FakeCaptchaTokenClaims;
  } catch {
    return undefined;
  }
}

// Image captchas: the answer is derived from the challenge id, so the page that draws the image
// and the fake solver that "reads" it agree without sharing state. Letters that are hard to
// confuse when distorted.
const IMAGE_ALPHABET = "ACEFHKMNPRTWXY34679";

export function imageCaptchaAnswer(challengeId: string): string {
  const digest = createHmac("sha256", FAKE_CAPTCHA_SECRET).update(`image:${challengeId}`).digest();
  return Array.from(digest.subarray(0, 6), (byte) => IMAGE_ALPHABET[byte % IMAGE_ALPHABET.length]).join("");
}

/** The attribute the fixture's captcha images carry their challenge id in (what the fake "reads"). */
export const IMAGE_CAPTCHA_ID_ATTRIBUTE = "data-fake-captcha";

/** The challenge id inside an image the fixture drew, or undefined (then the fake cannot read it). */
export function imageCaptchaIdFrom(image: Buffer): string | undefined {
  const match = new RegExp(`${IMAGE_CAPTCHA_ID_ATTRIBUTE}="([A-Za-z0-9_-]{6,64})"`).exec(image.toString("utf8"));
  return match?.[1];
}
