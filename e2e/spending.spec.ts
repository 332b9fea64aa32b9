import { expect, test, type Page } from "./fixtures.ts";
import { createAccount } from "./helpers.ts";
import { keepScreenshot } from "./screenshots";

// A run's cost limit (docs/adr/0037-spending-limits.md), on the self-hosted server (BILLING=off)
// whose operator set MODEL_PRICES: the model spend is the run's cost, and the run stops at its
// limit with a reason that names it.
test.use({ baseURL: `http://localhost:${process.env.E2E_BILLING_OFF_PORT}` });

/** A new person's dashboard with a multi-step task written and its Advanced Parameters open. */
async function writeStepsTask(page: Page) {
  await createAccount(page);
  await page.goto("/dashboard");
  await page.getByLabel("Prompt").fill("[e2e:steps] Read the top story");
  await page.getByRole("button", { name: "Advanced Parameters" }).click();
}

test("a run with a tiny cost limit stops there, and its page says why", async ({ page }) => {
  await writeStepsTask(page);
  await page.getByLabel("Cost limit (USD)").fill("0.01");
  await page.getByRole("button", { name: "Execute" }).click();
  await expect(page).toHaveURL(/\/tasks\/[0-9a-f-]{36}/);
  await expect(page.getByText("Stopped: reached its cost limit of $0.01").first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Limits:")).toBeVisible();
  await expect(page.getByText("Model spend:")).toBeVisible();
  await keepScreenshot(page, "run-stopped-at-cost-limit.png", { fullPage: true });
});

test("a run that asks at its step limit goes on once the person raises it", async ({ page }) => {
  await writeStepsTask(page);
  await page.getByLabel("Step limit").fill("1");
  await page.getByLabel("At a limit").selectOption("ask");
  await page.getByRole("button", { name: "Execute" }).click();
  await expect(page).toHaveURL(/\/tasks\/[0-9a-f-]{36}/);
  const banner = page.getByRole("alert").filter({ hasText: "The run reached its step limit of 1 step." });
  await expect(banner).toBeVisible({ timeout: 30_000 });
  await keepScreenshot(page, "run-asks-at-step-limit.png");
  await banner.getByLabel("New step limit").fill("10");
  await banner.getByRole("button", { name: "Raise limit" }).click();
  await expect(page.locator("pre").first()).toContainText("The top story is", { timeout: 30_000 });
});

test("the Credits page sets the workspace's monthly limit and shows this month's spend against it", async ({ page }) => {
  await createAccount(page);
  await page.goto("/credits");
  await expect(page.getByText("This month: $0.00 spent. No limit.")).toBeVisible();
  await page.getByLabel("Monthly limit (USD)").fill("25");
  await page.getByRole("button", { name: "Save limit" }).click();
  await expect(page.getByText("This month: $0.00 of $25.00 spent.")).toBeVisible();
  await keepScreenshot(page, "credits-monthly-limit.png", { fullPage: true });
  await page.getByLabel("Monthly limit (USD)").fill("0");
  await page.getByRole("button", { name: "Save limit" }).click();
  await expect(page.getByText("Monthly limit must be a number of dollars from 1 to 1,000,000, or empty for no limit.")).toBeVisible();
});
