import { expect, test } from "./fixtures.ts";
import { openInApp, signUp } from "./helpers.ts";

// The second e2e server: a self-hosted installation with BILLING=off.
test.use({ baseURL: `http://localhost:${process.env.E2E_BILLING_OFF_PORT}` });

test("with BILLING=off there is nothing to buy and a run is not charged", async ({ page }) => {
  await signUp(page);
  await expect(page.getByText("Billing is off on this server")).toBeVisible();
  await expect(page.getByRole("button", { name: "Buy Credits" })).toHaveCount(0);
  await openInApp(page, "/credits");
  await expect(page.getByText("Billing is off on this server")).toBeVisible();
  await expect(page.getByRole("button", { name: "Buy Credits" })).toHaveCount(0);

  await openInApp(page, "/dashboard");
  await page.getByLabel("Prompt").fill("Say done");
  await page.getByRole("button", { name: "Execute" }).click();
  await expect(page).toHaveURL(/\/tasks\/[0-9a-f-]{36}/);
  await expect(page.locator("pre").first()).toHaveText("Done.", { timeout: 20_000 });
  // Loaded, not reached in the app: the expected count is the one this page already read, so it
  // must come from the server again.
  await page.goto("/dashboard");
  // The free prompt was not used: no charge of any kind.
  await expect(page.getByText(/Free prompts:\s*5/)).toBeVisible();
});
