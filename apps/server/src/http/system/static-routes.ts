import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { EMBEDDED_RESPONSES_ID } from "@errand/contract";
import { jsonLdText, renderMetaHtml } from "@errand/content/page-meta";
import { Hono, type Context } from "hono";
import type { Logger } from "@errand/services/logging";
import type { PublicPage } from "../../seo/resolve-public-page.ts";
import { readModulePreloads } from "./module-preloads.ts";
import { CSP_NONCE_PLACEHOLDER, cspNonce } from "./security-headers.ts";
import { createServerRenderer, SERVER_RENDERER_DIR } from "./server-render.ts";

const META_REGION = /<!--page-meta-->[\s\S]*?<!--\/page-meta-->/;
const EMPTY_ROOT = '<div id="root"></div>';
const ENTRY_SCRIPT = '<script type="module"';
/** The shell's copies of the structured data (renderMetaHtml), which a rendered page body holds too. */
const HEAD_JSON_LD = /\s*<script data-ssr type="application\/ld\+json">[\s\S]*?<\/script>/g;

export interface StaticRoutesOptions {
  /** Public pages: meta for clients that run no JavaScript, and what makes them paint sooner. */
  resolvePage?: (pathname: string) => Promise<PublicPage>;
  origin?: string;
  /** Where a public page that could not be rendered on the server is reported. */
  log?: Logger;
}

/**
 * The built web app: hashed assets cached for a year (precompressed), every other path gets
 * index.html (SPA) with the page's title, description, canonical link, Open Graph tags and
 * structured data, a preload of its lazy module, and the public data it asks for first. A public
 * page (one with meta) also gets its body rendered on the server (ADR 0012), which the browser
 * hydrates from that same data; signed-in pages are rendered by the browser alone.
 */
export function staticRoutes(webDir: string, options: StaticRoutesOptions = {}) {
  const app = new Hono();
  const indexFile = path.join(webDir, "index.html");
  if (!existsSync(indexFile)) {
    app.get("*", (c) => c.text("The web app is not built. Run `npm start` (it builds it) or `npm run build`.", 503));
    return app;
  }
  const root = path.relative(process.cwd(), webDir) || ".";
  const indexHtml = readFileSync(indexFile, "utf8");
  const preloads = readModulePreloads(webDir);
  const render = createServerRenderer(webDir, options.log);
  // The build marks where a response's CSP nonce goes: its script and stylesheet tags, the csp-nonce meta tag.
  const withNonce = (c: Context, html: string) => html.replaceAll(CSP_NONCE_PLACEHOLDER, cspNonce(c));
  const page = async (c: Context) => {
    c.header("cache-control", "no-cache");
    // The nonce goes into the built shell only, before any data is added to it.
    const shell = withNonce(c, indexHtml);
    const { resolvePage, origin } = options;
    if (!resolvePage || !origin) return c.html(shell);
    const resolved = await resolvePage(c.req.path);
    const meta = resolved.meta;
    const url = new URL(c.req.url);
    const body =
      meta && resolved.status === 200 ? await render({ url: url.pathname + url.search, origin, embedded: resolved.embedded ?? {} }) : null;
    // A rendered page reads without its scripts: they load at low priority, after the stylesheet
    // and without delaying the first paint, then hydrate what is already on screen.
    const priority = body ? ' fetchpriority="low"' : "";
    const head = [
      ...(resolved.module
        ? preloads(resolved.module).map((href) => `<link rel="modulepreload"${priority} crossorigin href="${href}">`)
        : []),
      ...(resolved.embedded
        ? [`<script type="application/json" id="${EMBEDDED_RESPONSES_ID}">${jsonLdText(resolved.embedded)}</script>`]
        : []),
    ];
    // Replacer functions: "$&" or "$'" in a title must stay text, not become a replacement pattern.
    let html = meta ? shell.replace(META_REGION, () => renderMetaHtml(meta, origin)) : shell;
    if (head.length) html = html.replace("</head>", () => `  ${head.join("\n    ")}\n  </head>`);
    if (body) {
      html = html
        .replace(HEAD_JSON_LD, "")
        .replaceAll(ENTRY_SCRIPT, `${ENTRY_SCRIPT}${priority}`)
        .replace(EMPTY_ROOT, () => `<div id="root">${body}</div>`);
    }
    return c.html(html, resolved.status);
  };
  // Before the static files: "/" and the HTML files would otherwise be answered as they are built.
  app.get("/", page);
  app.get("/index.html", page);
  const liveFile = path.join(webDir, "live.html");
  const liveHtml = existsSync(liveFile) ? readFileSync(liveFile, "utf8") : undefined;
  // The live viewer: its own small page (not the app); the token rides in the URL fragment.
  const live = (c: Context) => {
    c.header("cache-control", "no-cache");
    c.header("x-robots-tag", "noindex");
    return liveHtml ? c.html(withNonce(c, liveHtml)) : c.text("The live viewer is not built. Run `npm run build`.", 503);
  };
  app.get("/live/*", live);
  app.get("/live.html", live);
  // Hashed names: cached for a year. Set after the file is answered (serveStatic's onFound runs
  // after it has made its response, where a header set is lost).
  app.use("/assets/*", async (c, next) => {
    await next();
    // (A missing asset falls through to the SPA's HTML: that must not be cached.)
    const html = c.res.headers.get("content-type")?.startsWith("text/html");
    if (c.res.status === 200 && !html) c.header("cache-control", "public, max-age=31536000, immutable");
  });
  app.use("/assets/*", serveStatic({ root, precompressed: true }));
  // The server renderer's own files are read from disk, never sent.
  app.get(`/${SERVER_RENDERER_DIR}/*`, page);
  app.use("*", serveStatic({ root, precompressed: true }));
  app.get("*", page);
  return app;
}
