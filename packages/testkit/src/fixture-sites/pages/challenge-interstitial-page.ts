import { randomBytes } from "node:crypto";
import { escapeHtml, html, page, redirect } from "../html-layout.ts";
import type { FixtureResponse, FixtureRoute, RouteContext, SiteState } from "../types.ts";
import { CHALLENGE_SITE_KEYS, siteverify } from "./challenge-siteverify.ts";

// A "Just a moment..." checkpoint in front of a page, like a CDN's bot check: without a clearance
// cookie every visit gets the challenge (HTTP 403); its Turnstile widget's callback posts the token
// itself, and a valid one earns the cookie and a redirect to the page.

export const CLEARANCE_COOKIE = "cf_clearance";
const PATH = "/challenge-interstitial";

const clearances = new WeakMap<SiteState, Set<string>>();
const clearanceSet = (state: SiteState) => clearances.get(state) ?? clearances.set(state, new Set()).get(state)!;

function challengePage(ctx: RouteContext, failed = false): FixtureResponse {
  // Own document, not the fixture layout: these checkpoints replace the whole site.
  return html(
    `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Just a moment...</title></head>
<body>
<h1>${escapeHtml(ctx.url.host)}</h1>
<h2 id="challenge-title">Verifying you are human. This may take a few seconds.</h2>
${failed ? `<p id="challenge-error" role="alert">Verification failed. Please try again.</p>` : ""}
<form id="challenge-form" method="post" action="${PATH}/verify">
  <div class="cf-turnstile" data-sitekey="${CHALLENGE_SITE_KEYS.interstitial}" data-callback="onChallengePassed"></div>
</form>
<p>${escapeHtml(ctx.url.host)} needs to review the security of your connection before proceeding.</p>
<script>function onChallengePassed() { document.getElementById("challenge-form").submit(); }</script>
<script src="/challenge-assets/turnstile.js" async defer></script>
</body></html>`,
    403,
  );
}

export const challengeInterstitialRoutes: FixtureRoute[] = [
  {
    method: "GET",
    path: PATH,
    handle: (ctx) => {
      const cookie = ctx.cookies[CLEARANCE_COOKIE];
      if (cookie === undefined || !clearanceSet(ctx.state).has(cookie)) return challengePage(ctx);
      return page({ title: "Welcome", body: `<h1>Welcome</h1><p id="through">You are through the checkpoint.</p>` });
    },
  },
  {
    method: "POST",
    path: `${PATH}/verify`,
    handle: async (ctx) => {
      const verdict = await siteverify(ctx, "turnstile", "fixture-secret-interstitial", ctx.form.get("cf-turnstile-response") ?? "");
      if (!verdict.success) return challengePage(ctx, true);
      const clearance = randomBytes(18).toString("base64url");
      clearanceSet(ctx.state).add(clearance);
      return redirect(PATH, 303, { "set-cookie": `${CLEARANCE_COOKIE}=${clearance}; Path=/; HttpOnly; SameSite=Lax; Max-Age=1800` });
    },
  },
];
