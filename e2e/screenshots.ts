import { expect, test, type Locator, type Page } from "@playwright/test";

/**
 * Pictures for a person to look at, not assertions: taken only when asked for
 * (`E2E_SCREENSHOTS=1 npm run test:e2e`), into the test's output folder. Each costs the test
 * browser a render and a PNG encoding (a full page about half a CPU-second), and npm test deletes
 * its output folder anyway. Without the picture an element is still checked for what taking it
 * waited for: that it is visible.
 */
export async function keepScreenshot(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}) {
  const wanted = Boolean(process.env.E2E_SCREENSHOTS);
  if ("goto" in target) {
    if (wanted) await target.screenshot({ path: test.info().outputPath(name), fullPage: options.fullPage });
  } else if (wanted) await target.screenshot({ path: test.info().outputPath(name) });
  else await expect(target).toBeVisible();
}
