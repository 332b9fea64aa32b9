import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { buyCredits, pollRunStatus, signUp } from "./helpers.ts";
import { keepScreenshot } from "./screenshots.ts";

/*
 * What runs cost, where a person looks for it: each run's page (credits charged or a free
 * prompt) and the Usage History on /credits, per day with totals, beside the purchases.
 */

test.setTimeout(90_000);

async function apiKeyOf(page: Page): Promise<string> {
  const res = await page.request.get("/api/v1/account/api-key");
  return ((await res.json()) as { api_key: string }).api_key;
}

/** Runs a prompt through the API and waits until it ended; its id and task. */
async function finishedRun(request: APIRequestContext, key: string, prompt: string) {
  const created = (await (await request.post("/api/v1/runs", { headers: { "x-api-key": key }, data: { prompt } })).json()) as {
    id: string;
    task_id: string;
  };
  await pollRunStatus(request, key, created.id).toBe("success");
  return created;
}

const usageTable = (page: Page) => page.getByRole("table", { name: "Usage History" });
const sidewaysOverflow = (page: Page) =>
  page.evaluate<number>("document.documentElement.scrollWidth - document.documentElement.clientWidth");

test("a new account's usage is empty, a failed load offers to try again", async ({ page }) => {
  await signUp(page);
  let fail = true;
  await page.route("**/api/v1/usage?*", (route) =>
    fail ? route.fulfill({ status: 500, json: { error: { code: "internal_error", message: "x" } } }) : route.fallback(),
  );
  await page.goto("/credits");
  await expect(page.getByText("Your usage could not be loaded.")).toBeVisible({ timeout: 15_000 });
  fail = false;
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(usageTable(page).getByText("No runs charged in the last 30 days")).toBeVisible();
  await page.getByLabel("Period").selectOption("7");
  await expect(usageTable(page).getByText("No runs charged in the last 7 days")).toBeVisible();
});

test("free prompts, then credits: each run says what it cost and the Usage History adds them up per day", async ({ page, request }) => {
  await signUp(page);
  const key = await apiKeyOf(page);
  // The five free prompts, then a run paid with credits.
  const free = await Promise.all(Array.from({ length: 5 }, (_, n) => finishedRun(request, key, `Free run ${n + 1}`)));
  await buyCredits(page, 3);
  await expect(page.getByText("Payment received")).toBeVisible();
  const paid = await finishedRun(request, key, "A paid run");

  const run = (await (await request.get(`/api/v1/runs/${paid.id}`, { headers: { "x-api-key": key } })).json()) as {
    number: number;
    charge: { kind: string; credits: number };
    execution_time: number;
  };
  // Seconds x $0.0023, in credit units of 1/10,000 dollar.
  expect(run).toMatchObject({ number: 1, charge: { kind: "credits", credits: Math.ceil(run.execution_time * 23) } });
  const dollars = `$${(run.charge.credits / 10_000).toFixed(4)}`;

  await page.goto(`/tasks/${paid.task_id}/task-runs/${paid.id}`);
  await expect(page.getByText(`Cost: ${dollars}`)).toBeVisible();
  await page.goto(`/tasks/${free[0]!.task_id}/task-runs/${free[0]!.id}`);
  await expect(page.getByText("Cost: Free prompt")).toBeVisible();

  await page.goto("/credits");
  const table = usageTable(page);
  // Today as the browser names it (its locale and time zone).
  const today = await page.evaluate(() => new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric" }).format(new Date()));
  const day = table.getByRole("row").filter({ hasText: today });
  await expect(day.getByRole("cell")).toHaveText([today, "6", /\d/, "5", dollars]);
  await expect(table.getByRole("row", { name: /^Total/ }).getByRole("cell")).toHaveText(["6", /\d/, "5", dollars]);
  // Beside the purchases.
  await expect(
    page
      .getByRole("table", { name: /Transaction History/i })
      .getByRole("row")
      .nth(1),
  ).toContainText("$3.00");
  await keepScreenshot(page, "credits-desktop.png", { fullPage: true });

  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: 844 });
    await table.scrollIntoViewIfNeeded();
    // The Credits column is on screen, not cut off or scrolled away to the right.
    await expect(day.getByRole("cell").last()).toBeInViewport({ ratio: 1 });
    expect(await sidewaysOverflow(page), `sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
    const tableBox = (await table.boundingBox())!;
    expect(tableBox.x + tableBox.width).toBeLessThanOrEqual(width);
  }
  await keepScreenshot(page, "credits-phone.png");
});
