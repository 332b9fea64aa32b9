import { readCaptchaToken } from "../../fake-captcha-solver/captcha-tokens.ts";
import type { FakeCaptchaTokenKind } from "../../fake-captcha-solver/captcha-tokens.ts";
import type { FixtureResponse, FixtureRoute, RouteContext, SiteState } from "../types.ts";

/** Site keys of the fixture's challenge widgets (made up, in each vendor's format). */
export const CHALLENGE_SITE_KEYS = {
  "recaptcha-v2": "6LcFixtureV2xxxxxxxxxxxxxxxxxxxxxxxxxxx2",
  "recaptcha-v3": "6LcFixtureV3xxxxxxxxxxxxxxxxxxxxxxxxxxx3",
  hcaptcha: "5f0c2b1e-7a9d-4c3e-9b8a-2d4e6f8a0c1e",
  turnstile: "0x4AAAAAAAFixtureTurnstileKey",
  interstitial: "0x4AAAAAAAFixtureInterstitialKey",
} as const;

type Vendor = "recaptcha" | "hcaptcha" | "turnstile";

/** Secret -> the site key and token kind it verifies, per vendor endpoint. */
const SECRETS: Record<string, { vendor: Vendor; kind: FakeCaptchaTokenKind; siteKey: string }> = {
  "fixture-secret-recaptcha-v2": { vendor: "recaptcha", kind: "recaptcha-v2", siteKey: CHALLENGE_SITE_KEYS["recaptcha-v2"] },
  "fixture-secret-recaptcha-v3": { vendor: "recaptcha", kind: "recaptcha-v3", siteKey: CHALLENGE_SITE_KEYS["recaptcha-v3"] },
  "fixture-secret-hcaptcha": { vendor: "hcaptcha", kind: "hcaptcha", siteKey: CHALLENGE_SITE_KEYS.hcaptcha },
  "fixture-secret-turnstile": { vendor: "turnstile", kind: "turnstile", siteKey: CHALLENGE_SITE_KEYS.turnstile },
  "fixture-secret-interstitial": { vendor: "turnstile", kind: "turnstile", siteKey: CHALLENGE_SITE_KEYS.interstitial },
};

export type ChallengeSecret = keyof typeof SECRETS;

/** Tokens lose their value after this long, as the vendors' do (about two minutes). */
const TOKEN_TTL_MS = 120_000;

// Tokens already redeemed, per fixture instance (a token passes once, like the real ones).
const redeemed = new WeakMap<SiteState, Set<string>>();

interface VerifyAnswer {
  success: boolean;
  "error-codes": string[];
  challenge_ts?: string;
  hostname?: string;
  score?: number;
  action?: string;
}

function verify(ctx: RouteContext, vendor: Vendor): VerifyAnswer {
  const fail = (code: string): VerifyAnswer => ({ success: false, "error-codes": [code] });
  const secret = SECRETS[ctx.form.get("secret") ?? ""];
  if (secret === undefined || secret.vendor !== vendor) return fail("invalid-input-secret");
  const response = ctx.form.get("response") ?? "";
  if (!response) return fail("missing-input-response");
  const claims = readCaptchaToken(response);
  if (claims === undefined || claims.kind !== secret.kind) return fail("invalid-input-response");
  if (claims.siteKey !== secret.siteKey) return fail(vendor === "hcaptcha" ? "sitekey-secret-mismatch" : "invalid-input-response");
  const used = redeemed.get(ctx.state) ?? new Set<string>();
  redeemed.set(ctx.state, used);
  if (used.has(response) || Date.now() - claims.iat > TOKEN_TTL_MS) return fail("timeout-or-duplicate");
  used.add(response);
  return {
    success: true,
    "error-codes": [],
    challenge_ts: new Date(claims.iat).toISOString(),
    hostname: ctx.url.hostname,
    ...(claims.kind === "recaptcha-v3" ? { score: claims.score ?? 0, action: claims.action ?? "" } : {}),
  };
}

const json = (body: unknown): FixtureResponse => ({
  status: 200,
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

/** Stand-ins for the vendors' server-side verification endpoints (siteverify). */
export const challengeSiteverifyRoutes: FixtureRoute[] = (["recaptcha", "hcaptcha", "turnstile"] as const).map((vendor) => ({
  method: "POST" as const,
  path: `/challenge-siteverify/${vendor}`,
  handle: (ctx: RouteContext) => json(verify(ctx, vendor)),
}));

/**
 * What a site's backend does with the token a form posted: asks the verification endpoint over
 * HTTP, with its secret, and reads the verdict.
 */
export async function siteverify(ctx: RouteContext, vendor: Vendor, secret: ChallengeSecret, response: string): Promise<VerifyAnswer> {
  const reply = await fetch(`${ctx.origin}/challenge-siteverify/${vendor}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ secret, response, remoteip: "127.0.0.1" }),
    signal: ctx.closing,
  });
  return (await reply.json()) as VerifyAnswer;
}
