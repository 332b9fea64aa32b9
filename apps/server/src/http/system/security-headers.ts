import { randomBytes } from "node:crypto";
import type { OAuthProviders } from "@errand/services/auth";
import type { Context, MiddlewareHandler } from "hono";
import { setAnsweredHeaders } from "./answered-headers.ts";

/** Where the live viewer is served: the app's own pages frame it (the login wizard, the task page). */
export const LIVE_VIEWER_PREFIX = "/live/";

/**
 * What the Vite build writes where a per-response nonce belongs (`html.cspNonce` in
 * apps/web/vite.config.ts): on its script and stylesheet tags and a `csp-nonce` meta tag.
 */
export const CSP_NONCE_PLACEHOLDER = "__ERRAND_CSP_NONCE__";

/** Browser features no page of ours uses: off for the page and anything it frames. */
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "publickey-credentials-get=()",
  "serial=()",
  "usb=()",
  "xr-spatial-tracking=()",
  // The live viewer (framed by our own pages) pastes into and copies from the remote browser.
  "clipboard-read=(self)",
  "clipboard-write=(self)",
  "fullscreen=(self)",
].join(", ");

export interface SecurityHeadersOptions {
  /** BASE_URL: its origin serves screenshots and the live socket; https turns on HSTS. */
  baseUrl: string;
  /** Other origins pages show images from: the sign-in providers' avatars (see `avatarOrigins`). */
  imageOrigins?: string[];
}

/** Where the avatars of the configured sign-in providers are served from. */
export function avatarOrigins(oauth: OAuthProviders | undefined): string[] {
  const origin = (url: string) => new URL(url).origin;
  return [
    ...(oauth?.google ? [oauth.google.baseUrl ? origin(oauth.google.baseUrl) : "https://*.googleusercontent.com"] : []),
    ...(oauth?.github ? [oauth.github.baseUrl ? origin(oauth.github.baseUrl) : "https://avatars.githubusercontent.com"] : []),
  ];
}

type NonceEnv = { Variables: { cspNonce?: string } };

/** This response's CSP nonce (128 random bits), made on first use; HTML pages put it on their tags. */
export function cspNonce(c: Context): string {
  const ctx = c as unknown as Context<NonceEnv>;
  let nonce = ctx.get("cspNonce");
  if (!nonce) ctx.set("cspNonce", (nonce = randomBytes(16).toString("base64")));
  return nonce;
}

/**
 * The policy of an HTML page. Scripts and stylesheets come from our origin or carry this
 * response's nonce: there is no inline script, and the `<style>` elements libraries add at run
 * time (Radix's scroll lock) get the nonce from the page's csp-nonce meta tag. Style attributes
 * are refused too: React sets styles through the CSSOM, which a policy does not govern. The
 * JSON the server embeds (`application/json`, `application/ld+json`) is data a browser never
 * runs, so it needs no nonce.
 */
export function pagePolicy(options: { nonce: string; baseUrl: string; imageOrigins?: string[]; framedBySelf: boolean }): string {
  const base = new URL(options.baseUrl);
  const socket = `${base.protocol === "https:" ? "wss:" : "ws:"}//${base.host}`;
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${options.nonce}'`,
    `style-src 'self' 'nonce-${options.nonce}'`,
    // Screenshots (signed /files URLs on BASE_URL), data: icons, blob: downloads and frames, avatars.
    ["img-src 'self' data: blob:", ...new Set([base.origin, ...(options.imageOrigins ?? [])])].join(" "),
    // The API, and the live viewer's WebSocket (its origin when the page is reached another way).
    `connect-src 'self' ${base.origin} ${socket}`,
    // Only the live viewer is framed, and only by our pages.
    `frame-src 'self' ${base.origin}`,
    `frame-ancestors ${options.framedBySelf ? "'self'" : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    // Our forms are sent by script; Stripe Checkout and provider sign-in are navigations, not posts.
    "form-action 'self'",
    ...(base.protocol === "https:" ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

/**
 * better-auth's own error page (/api/auth/error, after a sign-in callback it cannot use): static
 * markup styled inline, no script. It may keep its inline styles and load nothing else.
 */
const AUTH_PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Headers for every response: no MIME sniffing, a strict referrer, the Permissions-Policy, HSTS
 * when BASE_URL is https; a page's CSP with a nonce of its own (anything else gets a policy
 * that loads nothing); and `Cache-Control: no-store` on private answers (the auth endpoints and
 * every authenticated API call), which proxies and the browser's cache must not keep.
 */
export function securityHeaders(options: SecurityHeadersOptions): MiddlewareHandler {
  const https = new URL(options.baseUrl).protocol === "https:";
  return async (c, next) => {
    await next();
    setAnsweredHeaders(c, responseSecurityHeaders(c, options, https));
  };
}

/** The headers `securityHeaders` adds to this request's answer. */
function responseSecurityHeaders(c: Context, options: SecurityHeadersOptions, https: boolean): [string, string][] {
  const framedBySelf = c.req.path.startsWith(LIVE_VIEWER_PREFIX);
  const headers: [string, string][] = [
    ["x-content-type-options", "nosniff"],
    ["referrer-policy", "strict-origin-when-cross-origin"],
    ["permissions-policy", PERMISSIONS_POLICY],
    ["x-frame-options", framedBySelf ? "SAMEORIGIN" : "DENY"],
  ];
  if (https) headers.push(["strict-transport-security", "max-age=31536000; includeSubDomains"]);
  const type = c.res.headers.get("content-type") ?? "";
  const isPage = /^text\/html\b/i.test(type);
  // A script running as a worker has its own response's policy: the web app's live run stream
  // (apps/web/src/routes/tasks/run-events-worker.ts) may reach our API, and nothing else.
  const workerConnect = /^(?:text|application)\/javascript\b/i.test(type) ? " connect-src 'self';" : "";
  // A file served as a download (GET /files/{id}/content) keeps its sandbox: whatever it holds
  // (HTML, SVG) is the file's, never a page of ours.
  const own = c.res.headers.get("content-security-policy") ?? "";
  headers.push([
    "content-security-policy",
    /^sandbox\b/.test(own)
      ? own
      : !isPage
        ? `default-src 'none';${workerConnect} frame-ancestors ${framedBySelf ? "'self'" : "'none'"}`
        : c.req.path.startsWith("/api/auth/")
          ? AUTH_PAGE_POLICY
          : pagePolicy({ nonce: cspNonce(c), baseUrl: options.baseUrl, imageOrigins: options.imageOrigins, framedBySelf }),
  ]);
  const caller = (c as unknown as Context<{ Variables: { caller?: unknown } }>).get("caller");
  if (c.req.path.startsWith("/api/auth/") || caller) headers.push(["cache-control", "no-store"]);
  return headers;
}
