import { escapeHtml, page } from "../html-layout.ts";
import type { FixtureResponse, FixtureRoute, RouteContext } from "../types.ts";
import { CHALLENGE_SITE_KEYS, siteverify } from "./challenge-siteverify.ts";
import type { ChallengeSecret } from "./challenge-siteverify.ts";

// Sign-up forms guarded by a token widget each. The form posts the widget's response field;
// the server asks the verification endpoint and shows "Welcome" or "Verification failed".

interface TokenChallenge {
  path: string;
  title: string;
  vendor: "recaptcha" | "hcaptcha" | "turnstile";
  secret: ChallengeSecret;
  /** The form field the widget fills. */
  field: string;
  /** The widget markup and its script tag. */
  widget: string;
  /** For reCAPTCHA v3: the action the token must be for. */
  action?: string;
}

const V3_ACTION = "subscribe";

function turnstile(path: string, title: string, script: string): TokenChallenge {
  return {
    path,
    title,
    vendor: "turnstile",
    secret: "fixture-secret-turnstile",
    field: "cf-turnstile-response",
    widget: `<div class="cf-turnstile" data-sitekey="${CHALLENGE_SITE_KEYS.turnstile}" data-callback="onCaptchaSolved"></div>
<script src="${script}" async defer></script>`,
  };
}

/** The token challenge pages (the paths tests visit). */
export const TOKEN_CHALLENGES: readonly TokenChallenge[] = [
  {
    path: "/challenge-recaptcha-v2",
    title: "Newsletter (reCAPTCHA v2)",
    vendor: "recaptcha",
    secret: "fixture-secret-recaptcha-v2",
    field: "g-recaptcha-response",
    widget: `<div class="g-recaptcha" data-sitekey="${CHALLENGE_SITE_KEYS["recaptcha-v2"]}" data-callback="onCaptchaSolved"></div>
<script src="/challenge-assets/recaptcha.js" async defer></script>`,
  },
  {
    path: "/challenge-recaptcha-v3",
    title: "Newsletter (reCAPTCHA v3)",
    vendor: "recaptcha",
    secret: "fixture-secret-recaptcha-v3",
    field: "g-recaptcha-response",
    action: V3_ACTION,
    widget: `<input type="hidden" name="g-recaptcha-response" id="recaptcha-token">
<script src="/challenge-assets/recaptcha.js?render=${CHALLENGE_SITE_KEYS["recaptcha-v3"]}"></script>`,
  },
  {
    path: "/challenge-hcaptcha",
    title: "Newsletter (hCaptcha)",
    vendor: "hcaptcha",
    secret: "fixture-secret-hcaptcha",
    field: "h-captcha-response",
    widget: `<div class="h-captcha" data-sitekey="${CHALLENGE_SITE_KEYS.hcaptcha}" data-callback="onCaptchaSolved"></div>
<script src="/challenge-assets/hcaptcha.js" async defer></script>`,
  },
  turnstile("/challenge-turnstile", "Newsletter (Turnstile)", "/challenge-assets/turnstile.js"),
  // The widget's script arrives late (a slow CDN): its response field exists only once it runs.
  turnstile("/challenge-turnstile-late", "Newsletter (Turnstile, late script)", "/challenge-assets/turnstile.js?delay=2500"),
];

function formPage(challenge: TokenChallenge): FixtureResponse {
  // v3 has no visible widget: its submit button is bound to the script (data-action) and the
  // callback submits the form with the token.
  const submit = challenge.action
    ? `<button class="g-recaptcha" type="submit" data-sitekey="${CHALLENGE_SITE_KEYS["recaptcha-v3"]}" data-action="${challenge.action}" data-callback="onCaptchaSubmit">Subscribe</button>`
    : `<button type="submit">Subscribe</button>`;
  return page({
    title: challenge.title,
    body: `<h1>${escapeHtml(challenge.title)}</h1>
<p>Subscribe to our newsletter. We check that you are not a robot.</p>
<form id="signup-form" method="post" action="${challenge.path}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" value="reader@example.com">
  ${challenge.widget}
  <p id="captcha-status" class="status" role="status"></p>
  <p>${submit}</p>
</form>`,
    script: `function onCaptchaSolved(token) { document.getElementById("captcha-status").textContent = token ? "Verified" : ""; }
function onCaptchaSubmit(token) { document.getElementById("recaptcha-token").value = token; document.getElementById("signup-form").submit(); }`,
  });
}

async function submitted(ctx: RouteContext, challenge: TokenChallenge): Promise<FixtureResponse> {
  const verdict = await siteverify(ctx, challenge.vendor, challenge.secret, ctx.form.get(challenge.field) ?? "");
  const actionOk = challenge.action === undefined || (verdict.action === challenge.action && (verdict.score ?? 0) >= 0.5);
  if (!verdict.success || !actionOk) {
    const why = verdict["error-codes"].join(", ") || "low score or wrong action";
    return page(
      {
        title: "Verification failed",
        body: `<h1>Verification failed</h1><p id="reason">${escapeHtml(why)}</p><p><a href="${challenge.path}">Try again</a></p>`,
      },
      403,
    );
  }
  const email = escapeHtml(ctx.form.get("email") ?? "");
  return page({ title: "Welcome", body: `<h1>Welcome</h1><p>You are subscribed as ${email}.</p>` });
}

/** A page that carries a challenge inside a cross-origin iframe (detection must look in frames). */
function framedPage(ctx: RouteContext): FixtureResponse {
  return page({
    title: "Framed challenge",
    body: `<h1>Partner newsletter</h1>
<p>The sign-up form below is hosted by a partner.</p>
<iframe id="partner-frame" title="Partner sign-up" src="${ctx.crossOrigin}/challenge-hcaptcha" width="640" height="420"></iframe>`,
  });
}

export const challengeTokenRoutes: FixtureRoute[] = [
  ...TOKEN_CHALLENGES.flatMap((challenge): FixtureRoute[] => [
    { method: "GET", path: challenge.path, handle: () => formPage(challenge) },
    { method: "POST", path: challenge.path, handle: (ctx) => submitted(ctx, challenge) },
  ]),
  { method: "GET", path: "/challenge-framed", handle: framedPage },
];
