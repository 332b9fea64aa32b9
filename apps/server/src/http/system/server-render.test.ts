import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect } from "vitest";
import type { Logger } from "@errand/services/logging";
import { resolvePublicPage } from "../../seo/resolve-public-page.ts";
import { appTestWithoutQueue } from "../../testing/app-test.ts";
import { TEST_BASE_URL, type TestApp } from "../../testing/test-app.ts";
import { SERVER_RENDERER_DIR } from "./server-render.ts";
import { staticRoutes } from "./static-routes.ts";

/**
 * A web build with a server renderer standing in for apps/web/src/entry-server.tsx: it renders
 * the URL and the embedded answers' paths, counts its calls, and fails for a URL that asks it to.
 */
function webBuildWithRenderer(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "errand-web-ssr-"));
  writeFileSync(
    path.join(dir, "index.html"),
    '<!doctype html><html><head><!--page-meta--><title data-ssr>Errand</title><!--/page-meta--><script type="module" crossorigin src="/assets/main.js"></script></head><body><div id="root"></div></body></html>',
  );
  mkdirSync(path.join(dir, SERVER_RENDERER_DIR));
  writeFileSync(
    path.join(dir, SERVER_RENDERER_DIR, "entry-server.js"),
    `const calls = (globalThis.__rendered ??= []);
export async function renderPage({ url, origin, embedded }) {
  calls.push(url);
  if (url.includes("fail")) throw new Error("this page does not render");
  return \`<h1>Rendered \${url}</h1><p>\${origin} \${Object.keys(embedded).join(",")}</p>\`;
}`,
  );
  return dir;
}

const rendered = () => ((globalThis as { __rendered?: string[] }).__rendered ??= []);
const warnings: { message: string; fields?: Record<string, unknown> }[] = [];
const log: Logger = { debug: () => {}, info: () => {}, error: () => {}, warn: (message, fields) => warnings.push({ message, fields }) };

const it = appTestWithoutQueue;
let t: TestApp;
let site: ReturnType<typeof staticRoutes>;
it.beforeAll(({ app }) => {
  t = app;
  const origin = new URL(TEST_BASE_URL).origin;
  site = staticRoutes(webBuildWithRenderer(), { origin, log, resolvePage: (pathname) => resolvePublicPage(t.ctx, origin, pathname) });
});

describe("public pages rendered on the server", () => {
  it("arrive with the rendered body in #root, the structured data only there, and the script at low priority", async () => {
    const res = await site.request("/?ref=mail");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div id="root"><h1>Rendered /?ref=mail</h1><p>http://localhost:3000 </p></div>');
    // The shell keeps its meta for crawlers; JSON-LD is the rendered page's.
    expect(html).toMatch(/<title data-ssr>[^<]+<\/title>/);
    expect(html).not.toContain('<script data-ssr type="application/ld+json">');
    // Readable without its script: that loads after the stylesheet, then hydrates.
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/main.js">');
  });

  it("are rendered once per URL and data: a second visit gets the same HTML without rendering again", async () => {
    const before = rendered().filter((url) => url === "/?second").length;
    const first = await (await site.request("/?second")).text();
    const second = await (await site.request("/?second")).text();
    expect(second).toBe(first);
    expect(rendered().filter((url) => url === "/?second").length - before).toBe(1);
  });

  it("fall back to the page shell the browser renders, with a warning, when rendering fails", async () => {
    const res = await site.request("/?fail");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<script data-ssr type="application/ld+json">');
    expect(html).toContain('<script type="module" crossorigin');
    expect(warnings.some((w) => w.fields?.url === "/?fail")).toBe(true);
  });

  it("leave the pages without meta (sign-in, signed-in pages, unknown paths) to the browser", async () => {
    for (const url of ["/login", "/dashboard", "/docs", "/no-such-page"]) {
      const html = await (await site.request(url)).text();
      expect(html, url).toContain('<div id="root"></div>');
    }
    expect(rendered().some((url) => ["/login", "/dashboard", "/docs", "/no-such-page"].includes(url))).toBe(false);
  });

  it("never serve the renderer's own files", async () => {
    const res = await site.request(`/${SERVER_RENDERER_DIR}/entry-server.js`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(await res.text()).not.toContain("renderPage");
  });
});
