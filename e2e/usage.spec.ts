import { expect, test, type APIRequestContext, type Page } from "./fixtures.ts";
import { buyCredits, createAccount, openInApp, pollRunStatus } from "./helpers.ts";
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
async function finishedRun(request: APIRequestContext, key: string, prompt: string, tags?: string[]) {
  const created = (await (await request.post("/api/v1/runs", { headers: { "x-api-key": key }, data: { prompt, tags } })).json()) as {
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
  await createAccount(page);
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
  await createAccount(page);
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
  // To the 1/100 cent, or whole cents when it is ("$0.23", not "$0.2300").
  const dollars = `$${(run.charge.credits / 10_000).toFixed(run.charge.credits % 100 === 0 ? 2 : 4)}`;

  // Pages this document has not read: the app's router opens them with fresh data.
  await openInApp(page, `/tasks/${paid.task_id}/task-runs/${paid.id}`);
  await expect(page.getByText(`Cost: ${dollars}`)).toBeVisible();
  await openInApp(page, `/tasks/${free[0]!.task_id}/task-runs/${free[0]!.id}`, { sameComponent: true });
  await expect(page.getByText("Cost: Free prompt")).toBeVisible();

  // Usage is read again on every visit (staleTime 0), the purchases did not change since.
  await openInApp(page, "/credits");
  const table = usageTable(page);
  // Today as the browser names it (its locale and time zone).
  const today = await page.evaluate(() => new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric" }).format(new Date()));
  const day = table.getByRole("row").filter({ hasText: today });
  // Date, runs, run time, free prompts, credits, model spend.
  await expect(day.getByRole("cell")).toHaveText([today, "6", /\d/, "5", dollars, /^\$/]);
  await expect(table.getByRole("row", { name: /^Total/ }).getByRole("cell")).toHaveText(["6", /\d/, "5", dollars, /^\$/]);
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

test("usage grouped by tag counts a run in each of its tags, and downloads as CSV", async ({ page, request }) => {
  await createAccount(page);
  const key = await apiKeyOf(page);
  await finishedRun(request, key, "Tagged twice", ["Ops", "eu"]);
  await finishedRun(request, key, "Tagged once", ["ops"]);
  await finishedRun(request, key, "Not tagged");

  await page.goto("/credits");
  await page.getByLabel("Group by").selectOption({ label: "Tag" });
  await expect(page.getByText("A run with two tags counts in both.")).toBeVisible();
  const table = usageTable(page);
  await expect(table.getByRole("columnheader").first()).toHaveText("Tag");
  const runsOf = (tag: string) => table.getByRole("row").filter({ hasText: tag }).getByRole("cell").nth(1);
  await expect(runsOf("ops")).toHaveText("2");
  await expect(runsOf("eu")).toHaveText("1");
  await expect(runsOf("untagged")).toHaveText("1");
  // Totals count each run once.
  await expect(
    table
      .getByRole("row", { name: /^Total/ })
      .getByRole("cell")
      .first(),
  ).toHaveText("3");
  await keepScreenshot(page, "usage-by-tag-desktop.png", { fullPage: true });

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^errand-usage-by-tag-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const { readFile } = await import("node:fs/promises");
  const lines = (await readFile((await download.path())!, "utf8")).split("\r\n");
  expect(lines[0]).toBe("tag,runs,free_prompts,execution_seconds,charged_usd,model_spend_usd,input_tokens,output_tokens");
  expect(lines.slice(1).map((line) => line.split(",").slice(0, 2))).toEqual([["ops", "2"], ["untagged", "1"], ["eu", "1"], [""]]);

  // A phone stacks the groups: each name over its figures, nothing scrolled sideways.
  await page.setViewportSize({ width: 360, height: 800 });
  const ops = page.getByRole("listitem").filter({ hasText: /^ops/ });
  await ops.scrollIntoViewIfNeeded();
  await expect(ops).toBeVisible();
  await expect(ops.getByRole("definition").first()).toHaveText("2");
  expect(await sidewaysOverflow(page), "sideways scroll at 360 px").toBeLessThanOrEqual(0);
  await keepScreenshot(page, "usage-by-tag-phone.png");
});
