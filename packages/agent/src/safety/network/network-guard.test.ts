import { testBrowserPath } from "@errand/testkit";
import { startFixtureSites } from "@errand/testkit";
import type { FixtureSites } from "@errand/testkit";
import { createServer } from "node:http";
import type { Server } from "node:http";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createBrowserManager } from "../../browser/create-browser-manager.ts";
import type { BrowserManager } from "../../browser/create-browser-manager.ts";
import { createAddressPolicy } from "../address-policy.ts";
import { installNetworkGuard } from "./network-guard.ts";
import type { NetworkGuard } from "./network-guard.ts";

// A loopback server the guard must keep the browser away from: it records every hit.
let secretHits: string[] = [];
let secret: Server;
let secretUrl: string;
let sites: FixtureSites;
let browser: BrowserManager;
let context: BrowserContext;
let guard: NetworkGuard;

beforeAll(async () => {
  secret = createServer((req, res) => {
    secretHits.push(req.url ?? "");
    res.end("internal secrets");
  });
  await new Promise<void>((resolve) => secret.listen(0, "127.0.0.1", resolve));
  secretUrl = `http://127.0.0.1:${(secret.address() as { port: number }).port}/admin`;
  sites = await startFixtureSites();
  browser = createBrowserManager({ browserPath: testBrowserPath() });
});
afterAll(async () => {
  await browser?.close();
  await sites?.close();
  await new Promise((resolve) => secret?.close(resolve));
});
beforeEach(async () => {
  secretHits = [];
  await context?.close();
  const allowHosts = [sites.url, sites.otherOrigin].map((u) => new URL(u).host);
  context = await browser.newContext({ network: { allowHosts } });
  guard = await installNetworkGuard(context, createAddressPolicy({ allowHosts }));
});

const redirectTo = (target: string) => `${sites.url}/redirect?to=${encodeURIComponent(target)}`;

describe("network guard", () => {
  it("refuses a direct navigation to a loopback address that is not allowed", async () => {
    const page = await context.newPage();
    await page.goto(secretUrl);
    expect(await page.textContent("body")).toContain("Blocked by Errand");
    expect(secretHits).toEqual([]);
    expect(guard.drainBlocked()).toEqual([
      { url: secretUrl, navigation: true, reason: expect.stringMatching(/127\.0\.0\.1 is a private, loopback/) },
    ]);
  });

  it("refuses a redirect to a private address, on any hop", async () => {
    const page = await context.newPage();
    await guard.watch(page);
    await page.goto(`${sites.url}/redirect-to-private`);
    expect(page.url()).toBe("http://169.254.169.254/latest/meta-data/");
    expect(await page.textContent("body")).toContain("Blocked by Errand");
    await page.goto(redirectTo(redirectTo(secretUrl)));
    expect(await page.textContent("body")).toContain("Blocked by Errand");
    expect(secretHits).toEqual([]);
    expect(guard.drainBlocked().map((b) => b.url)).toEqual(["http://169.254.169.254/latest/meta-data/", secretUrl]);
  });

  it("refuses a page's WebSocket to a private address, and reports it", async () => {
    const page = await context.newPage();
    await page.goto(`${sites.url}/`);
    const socketUrl = secretUrl.replace("http:", "ws:");
    const outcome = await page.evaluate(
      (url) =>
        new Promise<string>((resolve) => {
          const ws = new WebSocket(url);
          ws.onopen = () => resolve("open");
          ws.onerror = () => resolve("refused");
        }),
      socketUrl,
    );
    expect(outcome).toBe("refused");
    expect(secretHits).toEqual([]);
    expect(guard.drainBlocked()).toEqual([
      expect.objectContaining({ url: expect.stringContaining(new URL(secretUrl).host), navigation: false }),
    ]);
  });

  it("refuses a redirect in a tab's first navigation, before the tab is watched", async () => {
    const page = await context.newPage();
    await page.goto(redirectTo(secretUrl));
    expect(await page.textContent("body")).toContain("Blocked by Errand");
    expect(secretHits).toEqual([]);
  });

  it("refuses redirects inside iframes and in new tabs, and subresources", async () => {
    const page = await context.newPage();
    await page.goto(`${sites.url}/shop`);
    await page.evaluate((src) => {
      const frame = (
        globalThis as unknown as { document: { createElement(t: string): { src: string }; body: { append(e: unknown): void } } }
      ).document.createElement("iframe");
      frame.src = src;
      (globalThis as unknown as { document: { body: { append(e: unknown): void } } }).document.body.append(frame);
    }, redirectTo(secretUrl));
    await expect.poll(() => page.frames().some((f) => f.url() === secretUrl), { timeout: 10_000 }).toBe(true);
    const [popup] = await Promise.all([
      context.waitForEvent("page"),
      page.evaluate((url) => (globalThis as unknown as { open(u: string): unknown }).open(url), redirectTo(`${secretUrl}?popup`)),
    ]);
    await expect
      .poll(async () => (await popup.textContent("body").catch(() => "")) ?? "", { timeout: 10_000 })
      .toContain("Blocked by Errand");
    await page.evaluate((url) => fetch(url).catch(() => "refused"), `${secretUrl}?fetch`);
    expect(secretHits).toEqual([]);
  });

  it("lets allowed hosts and public-looking traffic through", async () => {
    const page = await context.newPage();
    await page.goto(redirectTo(`${sites.otherOrigin}/news`));
    expect(page.url()).toBe(`${sites.otherOrigin}/news`);
    expect(await page.textContent("h1")).toBe("Fixture News");
    expect(guard.drainBlocked()).toEqual([]);
  });
});
