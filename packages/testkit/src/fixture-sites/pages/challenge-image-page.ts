import { createHash, randomBytes } from "node:crypto";
import { IMAGE_CAPTCHA_ID_ATTRIBUTE, imageCaptchaAnswer } from "../../fake-captcha-solver/captcha-tokens.ts";
import { escapeHtml, page } from "../html-layout.ts";
import type { FixtureRoute, SiteState } from "../types.ts";

// A plain image captcha: distorted characters in an <img> and a text box. The answer follows
// from the challenge id (captcha-tokens.ts), so the fake solver "reads" the same text; each id
// passes once.

const PATH = "/challenge-image";
const used = new WeakMap<SiteState, Set<string>>();

/** Distorted text as SVG. Characters are written in shuffled order and placed by x, so the markup
 * does not spell the answer; the picture does. */
function captchaSvg(id: string): string {
  const answer = imageCaptchaAnswer(id);
  const seed = createHash("sha256").update(id).digest();
  const at = (i: number) => seed[i % seed.length]!;
  const glyphs = [...answer].map((char, i) => {
    const x = 18 + i * 27 + (at(i) % 7);
    const y = 42 + (at(i + 8) % 11);
    const angle = (at(i + 16) % 50) - 25;
    return `<text x="${x}" y="${y}" transform="rotate(${angle} ${x} ${y})" font-size="${30 + (at(i + 24) % 8)}">${char}</text>`;
  });
  const order = glyphs.map((_, i) => i).sort((a, b) => at(a + 3) - at(b + 3) || a - b);
  const noise = [0, 1, 2, 3].map(
    (i) =>
      `<line x1="${at(i) % 40}" y1="${at(i + 4) % 60}" x2="${150 + (at(i + 5) % 40)}" y2="${at(i + 6) % 60}" stroke="#6e7781" stroke-width="2"/>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="190" height="64" viewBox="0 0 190 64" ${IMAGE_CAPTCHA_ID_ATTRIBUTE}="${id}">
<rect width="190" height="64" fill="#f6f8fa"/>
<g font-family="monospace" font-weight="bold" fill="#24292f">${order.map((i) => glyphs[i]).join("")}</g>
${noise.join("\n")}
</svg>`;
}

function formPage(failed = false) {
  const id = randomBytes(9).toString("base64url");
  return page(
    {
      title: failed ? "Verification failed" : "Contact us",
      body: `${failed ? `<h1>Verification failed</h1><p id="reason">The characters did not match. Here is a new image.</p>` : "<h1>Contact us</h1>"}
<form id="contact-form" method="post" action="${PATH}">
  <label for="message">Message</label>
  <input id="message" name="message" value="Hello there">
  <p><img id="captcha-image" class="captcha-image" src="${PATH}/captcha/${id}.svg" alt="Captcha image" width="190" height="64"></p>
  <input type="hidden" name="captcha_id" value="${escapeHtml(id)}">
  <label for="captcha-answer">Type the characters in the image</label>
  <input id="captcha-answer" name="captcha" autocomplete="off">
  <p><button type="submit">Send</button></p>
</form>`,
    },
    failed ? 403 : 200,
  );
}

export const challengeImageRoutes: FixtureRoute[] = [
  { method: "GET", path: PATH, handle: () => formPage() },
  {
    method: "POST",
    path: PATH,
    handle: (ctx) => {
      const id = ctx.form.get("captcha_id") ?? "";
      const seen = used.get(ctx.state) ?? used.set(ctx.state, new Set()).get(ctx.state)!;
      const answer = (ctx.form.get("captcha") ?? "").trim().toUpperCase();
      if (!id || seen.has(id) || answer !== imageCaptchaAnswer(id)) return formPage(true);
      seen.add(id);
      return page({ title: "Welcome", body: `<h1>Welcome</h1><p>Your message was sent.</p>` });
    },
  },
  {
    method: "GET",
    path: /^\/challenge-image\/captcha\/([A-Za-z0-9_-]{6,64})\.svg$/,
    // Cacheable, so the image a solver is sent is byte for byte the one on screen.
    handle: (ctx) => ({
      status: 200,
      headers: { "content-type": "image/svg+xml", "cache-control": "private, max-age=600" },
      body: captchaSvg(ctx.params[0]!),
    }),
  },
];
