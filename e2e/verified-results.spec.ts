import { expect, test, type Page } from "./fixtures.ts";
import { atBothWidths, createAccount, sidewaysOverflow, signUp } from "./helpers.ts";

/*
 * Verified results (docs/adr/0043-verified-results.md) as a person meets them: a run with checks
 * and a judge shows its verdict, each check and the judge's reasons on its page; the task form's
 * Checks section adds and removes a check by keyboard, labelled, at desktop and phone widths.
 */
test.setTimeout(90_000);

async function startCheckedRun(page: Page, baseURL: string, prompt: string) {
  const created = await page.request.post("/api/v1/runs", {
    headers: { origin: baseURL },
    data: {
      prompt,
      response_format: "json",
      checks: {
        assertions: [
          { kind: "min_items", path: "customers", n: 2 },
          { kind: "field_present", path: "customers.0.name" },
        ],
        judge: { instructions: "Each customer must be one the page lists." },
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: string; task_id: string };
}

// One run, its page checked at 1280 px and again at 360 px (the viewport resized), not a run per width.
test("a run page shows the judge's verdict, each check and the reasons at 1280 and 360 px", async ({ page, baseURL }) => {
  await createAccount(page);
  const run = await startCheckedRun(page, baseURL!, "[e2e:table] [e2e:judge-fail] List the customers with their revenue");
  await page.goto(`/tasks/${run.task_id}/task-runs/${run.id}`);
  const panel = page.getByRole("region", { name: "Verification" });
  await expect(panel).toBeVisible({ timeout: 30_000 });
  await atBothWidths(page, async () => {
    await expect(panel.locator("[data-verdict]").first()).toHaveText("Failed checks");
    await expect(panel.getByRole("list", { name: "Checks" }).getByRole("listitem")).toHaveText([
      /customers has 3 items, at least 2 wanted/,
      /customers\.0\.name is present/,
    ]);
    await expect(panel.getByRole("list", { name: "Judge's reasons" })).toHaveText("The answer names no customer from the page.");
    await expect(panel).toContainText("900 in / 25 out tokens");
    await expect(page.getByText("The answer failed its checks: The answer names no customer from the page.").first()).toBeVisible();
  });
});

test("the task form's Checks section adds and removes a check by keyboard, with labels", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signUp(page);
  await page.getByLabel("Prompt").fill("[e2e:table] List the customers");
  await page.getByRole("button", { name: "Advanced Parameters" }).click();
  const add = page.getByRole("button", { name: "Add check" });
  await add.focus();
  await page.keyboard.press("Enter");
  const kind = page.getByLabel("Check 1", { exact: true });
  await expect(kind).toBeVisible();
  await kind.selectOption("range");
  await page.getByLabel("Path", { exact: true }).fill("revenue");
  await page.getByLabel("Minimum", { exact: true }).fill("1");
  // A check's row fits a phone's width.
  expect(await sidewaysOverflow(page)).toBe(0);
  await page.getByLabel("Judge instructions").fill("Every row must be on the page.");
  await page.getByRole("button", { name: "Remove check 1" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Check 1", { exact: true })).toHaveCount(0);
  await expect(page.getByLabel("Retries at most")).toHaveValue("0");
});
