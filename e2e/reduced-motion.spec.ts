import { expect, test } from "./fixtures.ts";
import { signUp } from "./helpers";

// Loading indicators stop moving for a visitor who asks for reduced motion (the e2e browser asks
// for it: playwright.config.ts), and move again for one who does not.
test("spinners hold still under reduced motion and spin otherwise", async ({ page }) => {
  await signUp(page);
  // Every API answer held back: the signed-in page stays on its loading spinner.
  await page.route("**/api/**", () => {});
  await page.goto("/tasks");
  const spinner = page.getByRole("status", { name: "Loading" }).locator("svg");
  await expect(spinner).toBeVisible();
  await expect(spinner).toHaveCSS("animation-name", "none");
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await expect(spinner).toHaveCSS("animation-name", "spin");
});
