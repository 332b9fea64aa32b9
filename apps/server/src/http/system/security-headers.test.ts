import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalFileStorage } from "@errand/services/storage";
import { createTestApp } from "../../testing/test-app.ts";
import { fakeWebBuild } from "../../testing/web-build.ts";
import { CSP_NONCE_PLACEHOLDER } from "./security-headers.ts";

/** A web build as Vite writes it with `html.cspNonce` (see apps/web/vite.config.ts). */
function viteWebBuild(): string {
  const head = (entry: string) =>
    `<meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">` +
    `<script type="module" crossorigin src="/assets/${entry}.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script>` +
    `<link rel="stylesheet" crossorigin href="/assets/${entry}.css" nonce="${CSP_NONCE_PLACEHOLDER}">`;
  return fakeWebBuild({
    "index.html": `<!doctype html><html><head><!--page-meta--><title data-ssr>Errand</title><!--/page-meta-->${head("main-abc")}</head><body><div id="root"></div></body></html>`,
    "live.html": `<!doctype html><html><head>${head("live-abc")}</head><body><canvas></canvas></body></html>`,
    "assets/main-abc.js": "export {};",
    "favicon.svg": "<svg xmlns='http://www.w3.org/2000/svg'/>",
  });
}

/** The policy as a map: directive -> its sources. */
function directives(policy: string | null): Map<string, string[]> {
  expect(policy).toBeTruthy();
  return new Map(
    policy!
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const webDir = viteWebBuild();
let http: Awaited<ReturnType<typeof createTestApp>>;
let https: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  http = await createTestApp({ webDir });
  https = await createTestApp({ webDir, baseUrl: "https://errand.example" });
});
afterAll(async () => {
  await http.close();
  await https.close();
});

describe("security headers", () => {
  it("lets pages show images from the file store's own origin (an S3 bucket's signed links)", async () => {
    const local = createLocalFileStorage({
      root: mkdtempSync(path.join(tmpdir(), "errand-files-")),
      baseUrl: "http://localhost:3000",
      secret: Buffer.from("s".repeat(32)),
    });
    const withStore = await createTestApp({ webDir, storage: { ...local, origin: "https://bucket.store.example" } });
    try {
      const csp = directives((await withStore.app.request("/")).headers.get("content-security-policy"));
      expect(csp.get("img-src")).toContain("https://bucket.store.example");
      // Only pages: an API answer allows no images at all.
      expect((await withStore.app.request("/api/health")).headers.get("content-security-policy")).not.toContain("bucket.store.example");
    } finally {
      await withStore.close();
    }
  });

  it("an HTML page gets a CSP with a nonce of its own that its script and style tags carry, and nothing inline allowed", async () => {
    const res = await http.app.request("/");
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const csp = directives(res.headers.get("content-security-policy"));
    const nonce = csp
      .get("script-src")!
      .find((s) => s.startsWith("'nonce-"))!
      .slice("'nonce-".length, -1);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);

    const html = await res.text();
    expect(html).not.toContain(CSP_NONCE_PLACEHOLDER);
    expect(html).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
    expect(html).toContain(`src="/assets/main-abc.js" nonce="${nonce}"`);

    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(csp.get("style-src")).toEqual(["'self'", `'nonce-${nonce}'`]);
    for (const sources of csp.values()) expect(sources).not.toContain("'unsafe-eval'");
    expect([...csp.get("script-src")!, ...csp.get("style-src")!]).not.toContain("'unsafe-inline'");
    expect(csp.get("img-src")).toEqual(expect.arrayContaining(["'self'", "data:", "blob:", "http://localhost:3000"]));
    expect(csp.get("connect-src")).toEqual(expect.arrayContaining(["'self'", "ws://localhost:3000"]));
    expect(csp.get("frame-src")).toContain("'self'");
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
    expect(csp.has("upgrade-insecure-requests")).toBe(false);
    expect(res.headers.get("strict-transport-security")).toBeNull();
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("no-cache");

    const policy = res.headers.get("permissions-policy")!;
    for (const off of ["camera=()", "microphone=()", "geolocation=()", "payment=()", "usb=()"]) expect(policy).toContain(off);
    expect(policy).toContain("clipboard-read=(self)");
    expect(policy).toContain("clipboard-write=(self)");
  });

  it("gives every response a new nonce, on any SPA route and on /index.html itself", async () => {
    const nonces = await Promise.all(
      ["/", "/dashboard", "/index.html", "/tasks/123"].map(async (url) => {
        const res = await http.app.request(url);
        const html = await res.text();
        const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
        expect(html).toContain(`nonce="${nonce}"`);
        expect(html).not.toContain(CSP_NONCE_PLACEHOLDER);
        return nonce;
      }),
    );
    expect(new Set(nonces).size).toBe(4);
  });

  it("the live viewer may be framed by our own pages only", async () => {
    const res = await http.app.request("/live/sessions/abc");
    const csp = directives(res.headers.get("content-security-policy"));
    expect(csp.get("frame-ancestors")).toEqual(["'self'"]);
    expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    const nonce = csp
      .get("script-src")!
      .find((s) => s.startsWith("'nonce-"))!
      .slice(7, -1);
    expect(await res.text()).toContain(`src="/assets/live-abc.js" nonce="${nonce}"`);
  });

  it("with an https BASE_URL: HSTS on every response, upgrade-insecure-requests and a wss: live socket", async () => {
    const page = await https.app.request("/");
    const csp = directives(page.headers.get("content-security-policy"));
    expect(csp.has("upgrade-insecure-requests")).toBe(true);
    expect(csp.get("connect-src")).toContain("wss://errand.example");
    for (const res of [page, await https.app.request("/api/health"), await https.app.request("/assets/main-abc.js")]) {
      expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    }
  });

  it("private JSON (session or API key, and the auth endpoints) is no-store; nothing of it may be framed or run", async () => {
    const caller = await http.newCaller();
    const answers = [
      await http.app.request("/api/v1/account", { headers: { cookie: caller.cookie } }),
      await http.app.request("/api/v1/tasks", { headers: caller.headers }),
      await http.app.request("/api/v1/runs", { headers: caller.headers }),
      await http.app.request("/api/auth/get-session", { headers: { cookie: caller.cookie } }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });

  it("public, cacheable answers keep their caching: built assets and public API data", async () => {
    const asset = await http.app.request("/assets/main-abc.js");
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // A script run as a worker (the live run stream) may connect to us, and load nothing.
    expect(asset.headers.get("content-security-policy")).toBe("default-src 'none'; connect-src 'self'; frame-ancestors 'none'");
    const publicApi = await http.app.request("/api/v1/automations");
    expect(publicApi.status).toBe(200);
    expect(publicApi.headers.get("cache-control")).not.toBe("no-store");
    const sitemap = await http.app.request("/robots.txt");
    expect(sitemap.headers.get("cache-control")).toBe("public, max-age=3600");
  });

  it("better-auth's own error page keeps its inline styles but can run nothing", async () => {
    const res = await http.app.request("/api/auth/error?error=state_not_found");
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const csp = directives(res.headers.get("content-security-policy"));
    expect(csp.get("default-src")).toEqual(["'none'"]);
    expect(csp.has("script-src")).toBe(false);
    expect(csp.get("style-src")).toEqual(["'unsafe-inline'"]);
  });
});
