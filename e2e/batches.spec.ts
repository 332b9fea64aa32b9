import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures.ts";
import { buyCredits, createAccount, openInApp, sidewaysOverflow } from "./helpers.ts";
import { keepScreenshot } from "./screenshots.ts";

/*
 * Batches as a person runs them (docs/adr/0041-batches.md): a task whose prompt names {{shop}},
 * checked by a judge and retried once when the verdict fails; 8 rows uploaded as a CSV file,
 * mapped, previewed and started from the task page; the batch page follows it to the end and
 * shows each row's outcome and verdict, links each row to its run and downloads the results.
 * The judge of the e2e fake model fails a run whose prompt holds "[e2e:judge-fail]": row 5, whose
 * retry fails too; it fails row 7's first run only ("[e2e:judge-fail-once]"), whose retry passes.
 * (Hundreds of rows are the worker tests' part: packages/worker/src/batch-runs.test.ts.)
 * One flow at 1280 px, then the same pages at 360 px.
 */
test.setTimeout(240_000);

const ROWS = 8;
const FAILING_ROW = 5;
const RETRIED_ROW = 7;
const shopOf = (n: number) =>
  n === FAILING_ROW ? `[e2e:judge-fail] Shop ${n}` : n === RETRIED_ROW ? `[e2e:judge-fail-once] Shop ${n}` : `Shop ${n}`;
const CSV = `Shop,Ref\r\n${Array.from({ length: ROWS }, (_, i) => `"${shopOf(i + 1)}",R-${i + 1}`).join("\r\n")}\r\n`;

test("a list of 8 rows runs from the task page; the batch page shows outcomes, verdicts and runs, at 1280 and 360 px", async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await createAccount(page);
  // More runs than the free prompts: without credits the batch would pause itself.
  await buyCredits(page, 5);
  const created = await page.request.post("/api/v1/runs", {
    headers: { origin: baseURL! },
    data: {
      prompt: "[e2e:table] List the customers of {{shop}}",
      response_format: "json",
      checks: {
        assertions: [{ kind: "min_items", path: "customers", n: 1 }],
        judge: { instructions: "Each customer must be on the page." },
      },
      retry: { on_verdict_fail: true, max: 1 },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { task_id: taskId } = (await created.json()) as { task_id: string };

  // The task page offers the list; the dialog reads the file, guesses the column, previews.
  await openInApp(page, `/tasks/${taskId}`);
  await page.getByRole("button", { name: "Run over a list" }).click();
  const dialog = page.getByRole("dialog", { name: "Run over a list" });
  await dialog.getByLabel("CSV or JSON file").setInputFiles({ name: "shops.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });
  await expect(dialog.getByText("8 rows read from shops.csv, columns: Shop, Ref.")).toBeVisible();
  await expect(dialog.getByLabel("{{shop}}")).toHaveValue("Shop");
  await expect(dialog.getByRole("listitem")).toHaveText([
    "[e2e:table] List the customers of Shop 1",
    "[e2e:table] List the customers of Shop 2",
    "[e2e:table] List the customers of Shop 3",
  ]);
  // Mapping the input to nothing is refused before anything is sent.
  await dialog.getByLabel("{{shop}}").selectOption("");
  await expect(dialog.getByRole("alert")).toHaveText("Choose the column that fills {{shop}}.");
  await dialog.getByLabel("{{shop}}").selectOption("Shop");
  await dialog.getByLabel("Runs at once").fill("4");
  await keepScreenshot(page, "batch-dialog-1280.png");
  await dialog.getByRole("button", { name: "Start 8 runs" }).click();
  await expect(page).toHaveURL(new RegExp(`/tasks/${taskId}/batches/[0-9a-f-]{36}$`));
  const batchPath = new URL(page.url()).pathname;

  // The page follows the batch until every row has ended.
  const summary = page.getByRole("region", { name: /Batch of 8 rows/ });
  await expect(summary.locator("[data-batch-status]")).toHaveText("Finished", { timeout: 200_000 });
  await expect(summary.getByText("8 of 8 rows done")).toBeVisible();
  await expect(summary.locator('[data-count="success"]')).toHaveText("Succeeded: 7");
  await expect(summary.locator('[data-count="failed"]')).toHaveText("Failed: 1");
  await expect(summary.getByRole("button", { name: "Re-run failed rows" })).toBeVisible();

  const table = page.getByRole("region", { name: "Results table" });
  await expect(table.locator("tbody tr")).toHaveCount(ROWS);
  const failing = table.locator(`tr[data-row="${FAILING_ROW}"]`);
  await expect(failing.locator("[data-outcome]")).toHaveText("Failed");
  await expect(failing.locator("[data-verdict]")).toHaveText("Failed checks");
  await expect(table.locator('tr[data-row="1"] [data-outcome]')).toHaveText("Succeeded");
  await expect(table.locator('tr[data-row="1"] [data-verdict]')).toHaveText("Verified");
  // A row whose first run failed its checks shows its retry, which passed.
  const retried = table.locator(`tr[data-row="${RETRIED_ROW}"]`);
  await expect(retried.locator("[data-outcome]")).toHaveText("Succeeded");
  await expect(retried.locator("[data-verdict]")).toHaveText("Verified");
  await keepScreenshot(page, "batch-page-1280.png", { fullPage: true });

  // The CSV download: a header, then a line per row with its outcome and verdict.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download CSV" }).click()]);
  const lines = (await readFile((await download.path())!, "utf8")).trimEnd().split("\r\n");
  expect(lines).toHaveLength(ROWS + 1);
  expect(lines[0]).toMatch(/^row,shop,outcome,verdict,run_id,run_url,customers\.0\.name,/);
  expect(lines[FAILING_ROW]).toMatch(new RegExp(`^${FAILING_ROW},\\[e2e:judge-fail\\] Shop ${FAILING_ROW},failed,fail,`));
  expect(lines[1]).toMatch(/^1,Shop 1,success,pass,/);
  expect(lines[RETRIED_ROW]).toMatch(new RegExp(`^${RETRIED_ROW},\\[e2e:judge-fail-once\\] Shop ${RETRIED_ROW},success,pass,`));

  // The retried row's link opens its retry, which links the first run, retried once.
  await retried.getByRole("link", { name: `Row ${RETRIED_ROW}: open its run` }).click();
  await expect(page).toHaveURL(new RegExp(`/tasks/${taskId}/task-runs/[0-9a-f-]{36}$`));
  const verification = page.getByRole("region", { name: "Verification" });
  await verification.getByRole("link", { name: "the first run" }).click({ timeout: 30_000 });
  await expect(verification.getByText(/Retried 1 time/)).toBeVisible({ timeout: 30_000 });

  // The task page lists the batch, linked to its page (read again since the batch started).
  await openInApp(page, `/tasks/${taskId}`, { sameComponent: true });
  const batches = page.getByRole("list", { name: "Batches" });
  await expect(batches.getByRole("link")).toHaveCount(1);
  await expect(batches.getByRole("link")).toContainText("8 of 8 rows done");

  // At 360 px: the batch page and the dialog fit; the table scrolls inside its own box.
  await page.setViewportSize({ width: 360, height: 800 });
  await openInApp(page, batchPath);
  await expect(page.getByRole("region", { name: "Results table" }).locator("tbody tr")).toHaveCount(ROWS);
  expect(await sidewaysOverflow(page), "the batch page scrolls sideways at 360 px").toBeLessThanOrEqual(0);
  await keepScreenshot(page, "batch-page-360.png", { fullPage: true });
  await page.getByRole("link", { name: "Task Details" }).click();
  await page.getByRole("button", { name: "Run over a list" }).click();
  await page.getByLabel("CSV or JSON file").setInputFiles({ name: "shops.csv", mimeType: "text/csv", buffer: Buffer.from(CSV) });
  await expect(page.getByRole("dialog").getByRole("listitem")).toHaveCount(3);
  expect(await sidewaysOverflow(page), "the dialog scrolls sideways at 360 px").toBeLessThanOrEqual(0);
  await keepScreenshot(page, "batch-dialog-360.png");
});
