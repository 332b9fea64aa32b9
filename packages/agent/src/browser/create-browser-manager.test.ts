import { testBrowserPath } from "@errand/testkit";
import { afterAll, describe, expect, it } from "vitest";
import { createBrowserManager } from "./create-browser-manager.ts";

const logs: string[] = [];
const manager = createBrowserManager({ browserPath: testBrowserPath(), log: (m) => logs.push(m) });
afterAll(() => manager.close());

describe("browser manager", () => {
  it("launches lazily and gives contexts that do not announce automation", async () => {
    expect(logs).toEqual([]);
    const context = await manager.newContext({ locale: "de-DE", viewport: { width: 1024, height: 700 } });
    const page = await context.newPage();
    const facts = await page.evaluate(() => {
      const nav = (globalThis as unknown as { navigator: { userAgent: string; webdriver: boolean; language: string } }).navigator;
      const win = globalThis as unknown as { innerWidth: number; innerHeight: number };
      return { ua: nav.userAgent, webdriver: nav.webdriver, language: nav.language, width: win.innerWidth, height: win.innerHeight };
    });
    expect(facts.ua).toMatch(/^Mozilla\/5\.0 \(.+\) AppleWebKit\/537\.36 \(KHTML, like Gecko\) Chrome\/\d+\.0\.0\.0 Safari\/537\.36$/);
    expect(facts.ua).not.toMatch(/Headless/i);
    expect(facts).toMatchObject({ webdriver: false, language: "de-DE", width: 1024, height: 700 });
    expect(logs).toEqual([expect.stringMatching(/^launched Chromium \d+/)]);
    await context.close();
  });

  it("shares one browser between contexts, with the default 1280x800 viewport", async () => {
    const [a, b] = await Promise.all([manager.newContext(), manager.newContext()]);
    expect(a.browser()).toBe(b.browser());
    const page = await a.newPage();
    expect(page.viewportSize()).toEqual({ width: 1280, height: 800 });
    await Promise.all([a.close(), b.close()]);
  });

  it("starts a new browser when the old one went away", async () => {
    const context = await manager.newContext();
    const first = context.browser();
    await first?.close();
    const again = await manager.newContext();
    expect(again.browser()).not.toBe(first);
    expect(await (await again.newPage()).evaluate(() => 1 + 1)).toBe(2);
    expect(logs.filter((l) => l.startsWith("launched"))).toHaveLength(2);
    await again.close();
  });

  it("refuses new contexts once closed", async () => {
    const other = createBrowserManager({ browserPath: testBrowserPath() });
    await other.close();
    await expect(other.newContext()).rejects.toThrow(/closed/);
  });
});
