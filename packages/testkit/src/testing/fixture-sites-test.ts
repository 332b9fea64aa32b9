import type { BrowserContext, Page } from "playwright-core";
import { test } from "vitest";
import { launchTestChromium } from "../browser/launch-test-chromium.ts";
import { startFixtureSites } from "../fixture-sites/start-fixture-sites.ts";
import { closedAfter } from "./closed-after.ts";

/** Opens a path of the fixture sites (or of `origin`) in a browser context of its own. */
export type OpenPage = (path: string, origin?: string) => Promise<Page>;

/**
 * vitest's test with the fixture sites and a Chromium (docs/adr/0028-test-fixtures.md): `browser`
 * and `sites` are started once per file and closed after it; `open` gives each test fresh 1280x720
 * contexts, closed after the test.
 */
export const fixtureSitesTest = test
  .extend("browser", { scope: "file" }, closedAfter(launchTestChromium))
  .extend(
    "sites",
    { scope: "file" },
    closedAfter(() => startFixtureSites()),
  )
  .extend("open", ({ browser, sites }, { onCleanup }): OpenPage => {
    const contexts: BrowserContext[] = [];
    onCleanup(async () => {
      await Promise.all(contexts.map((c) => c.close()));
    });
    return async (path, origin = sites.url) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(origin + path);
      return page;
    };
  });
