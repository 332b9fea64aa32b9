import { expect, test } from "@playwright/test";
import { signUp } from "./helpers.ts";

// A run's cost limit (docs/adr/0037-spending-limits.md), on the self-hosted server (BILLING=off)
// whose operator set MODEL_PRICES: the model spend is the run's cost, and the run stops at its
// limit with a reason that names it.
test.use({ baseURL: `http://localhost:${process.env.E2E_BILLING_OFF_PORT}` });

test("a run with a tiny cost limit stops there, and its page says why", async ({ page }) => {
  await signUp(page);
  await page.goto("/dashboard");
  await page.getByLabel("Prompt").fill("[e2e:steps] Read the top story");
  await page.getByRole("button", { name: "Advanced Parameters" }).click();
  await page.getByLabel("Cost limit (USD)").fill("0.01");
  await page.getByRole("button", { name: "Execute" }).click();
  await expect(page).toHaveURL(/\/tasks\/[0-9a-f-]{36}/);
  await expect(page.getByText("Stopped: reached its cost limit of $0.01").first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Limits:")).toBeVisible();
  await expect(page.getByText("Model spend:")).toBeVisible();
});
