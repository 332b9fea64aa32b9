import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures.ts";
import { e2eEnv } from "./e2e-env";
import { atBothWidths, createAccount, sidewaysOverflow } from "./helpers";
import { keepScreenshot } from "./screenshots";

/**
 * Files (ADR 0011): an upload sent through the API is given to a run, the agent puts it into the
 * site's file field, and what the site downloads is kept with the run: the run page lists both
 * with their steps and sizes, and each downloads with the person's session. One run, its page
 * checked at 1280 px and again at 360 px (the viewport resized) rather than a run per width.
 */
const INVOICE = "Invoice 2026-114\nTotal: 49.00 EUR\n";

test("a run's upload and download are listed on the run page and download, at 1280 and 360 px", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await createAccount(page);
  const headers = { origin: baseURL! };
  const uploaded = await page.request.post("/api/v1/files", {
    headers,
    data: { name: "invoice.txt", data: Buffer.from(INVOICE).toString("base64") },
  });
  expect(uploaded.status()).toBe(201);
  const upload = (await uploaded.json()) as { id: string };
  const created = await page.request.post("/api/v1/runs", {
    headers,
    data: {
      prompt: "[e2e:files] Send the expense claim, then download the price list",
      initial_url: `${e2eEnv().sitesUrl}/tools/files/upload`,
      files: [upload.id],
    },
  });
  expect(created.status()).toBe(201);
  const run = (await created.json()) as { id: string; task_id: string };

  await page.goto(`/tasks/${run.task_id}/task-runs/${run.id}`);
  await expect(page.getByRole("region", { name: "Results" }).getByText("The claim was sent and the price list downloaded.")).toBeVisible({
    timeout: 60_000,
  });
  const files = page.getByRole("list", { name: "Files of this run" });
  await atBothWidths(page, async (width) => {
    await expect(files.getByRole("listitem")).toHaveCount(2);
    await expect(files.getByRole("listitem").nth(0)).toContainText("invoice.txt");
    await expect(files.getByRole("listitem").nth(0)).toContainText("Given to the run · 34 bytes");
    await expect(files.getByRole("listitem").nth(1)).toContainText("price-list.csv");
    await expect(files.getByRole("listitem").nth(1)).toContainText(/Downloaded in step \d+ · \d+ bytes/);
    // Where the run's time went (docs/adr/0051-run-har-trace-bundle.md).
    const timing = page.getByRole("list", { name: "Time per step: model, browser and waiting" });
    await expect(timing.getByRole("listitem").first()).toContainText(/Step 1 · [\d.]+ s/);
    await expect(timing.getByRole("listitem").first()).toContainText(/model [\d.]+ s, browser [\d.]+ s, waiting [\d.]+ s/);
    expect(await sidewaysOverflow(page), `sideways scroll at ${width} px`).toBe(0);
    await keepScreenshot(page.getByRole("region", { name: "Files" }), `run-files-${width}.png`);
  });

  // The link downloads the bytes the site sent, under the site's name (here at 360 px).
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    files.getByRole("link", { name: "Download price-list.csv" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("price-list.csv");
  const site = await (await page.request.get(`${e2eEnv().sitesUrl}/tools/files/report.csv`)).text();
  expect(await readFile((await download.path())!, "utf8")).toBe(site);
  // The run's bundle: one ZIP of everything it kept.
  const [bundle] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("group", { name: "Downloads" }).getByRole("link", { name: "Bundle" }).click(),
  ]);
  expect(bundle.suggestedFilename()).toBe(`run-${run.id}.zip`);
  expect((await readFile((await bundle.path())!)).subarray(0, 2).toString()).toBe("PK");
});
