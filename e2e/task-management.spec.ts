import { expect, test, type APIRequestContext, type Page } from "./fixtures.ts";
import { e2eEnv } from "./e2e-env.ts";
import { createAccount, openInApp, pollRunStatus, sidewaysOverflow } from "./helpers.ts";
import { keepScreenshot } from "./screenshots.ts";

/*
 * Task History as a person manages it: search by prompt (kept in the URL), duplicate
 * a task into the dashboard's form, delete a task with its runs after confirming (a running one
 * is stopped), and thumbnails that show the top of each run's page. Desktop and phone.
 */
test.setTimeout(90_000);

const LONG_URL = "https://www.example.com/restaurants/booking/table-for-two/with-a-very-long-path/and?query=string&that=never&wraps=at-all";

async function apiKeyOf(page: Page): Promise<string> {
  return ((await (await page.request.get("/api/v1/account/api-key")).json()) as { api_key: string }).api_key;
}

async function createRun(request: APIRequestContext, key: string, body: Record<string, unknown>) {
  const res = await request.post("/api/v1/runs", { headers: { "x-api-key": key }, data: body });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; task_id: string };
}

async function waitUntilEnded(request: APIRequestContext, key: string, id: string) {
  await pollRunStatus(request, key, id).not.toBe("pending");
}

const rows = (page: Page) => page.getByRole("table").locator("tbody tr");
const shot = (name: string) => test.info().outputPath(name);

/** No page may scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
}

test("Task History searches by prompt, duplicates a task into the form, and deletes one after confirming", async ({ page, request }) => {
  const { sitesUrl } = e2eEnv();
  await createAccount(page);
  const key = await apiKeyOf(page);
  const news = await createRun(request, key, { prompt: "[e2e:steps] Read the top story of the news front page" });
  const laptop = await createRun(request, key, {
    prompt: "Check the LAPTOP price",
    response_format: "json",
    json_schema: { type: "object", properties: { price: { type: "string" } } },
    session_timeout: 120,
    initial_url: `${sitesUrl}/`,
  });
  const table = await createRun(request, key, { prompt: `Book a table for two at ${LONG_URL}` });
  for (const run of [news, laptop, table]) await waitUntilEnded(request, key, run.id);

  await page.goto("/tasks");
  await expect(rows(page)).toHaveCount(3);
  await expect(page.getByText("Page 1 of 1 · 3 tasks")).toBeVisible();

  // The news run's thumbnail shows the top corner of its last page, enlarged, so it can be told apart.
  const newsRow = rows(page).filter({ hasText: "Read the top story" });
  const thumbnail = newsRow.locator("a[data-thumbnail]:visible").first();
  await expect(thumbnail).toHaveAttribute("data-status", "success");
  const image = thumbnail.locator("img");
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
  const box = (await thumbnail.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(64);
  expect(box.height).toBeGreaterThanOrEqual(40);
  const drawn = (await image.boundingBox())!;
  expect(drawn.width).toBeGreaterThan(box.width * 2);
  expect(Math.round(drawn.x)).toBe(Math.round(box.x + 2));
  expect(Math.round(drawn.y)).toBe(Math.round(box.y + 2));

  // Search: debounced, in the URL, case-insensitive; no match says so and can be cleared.
  const search = page.getByRole("searchbox", { name: "Search tasks by prompt" });
  await search.fill("laptop");
  await expect(page).toHaveURL(/\/tasks\?search=laptop$/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("Check the LAPTOP price");
  await expect(page.getByText("Page 1 of 1 · 1 task found")).toBeVisible();
  await page.reload();
  await expect(search).toHaveValue("laptop");
  await expect(rows(page)).toHaveCount(1);
  await search.fill("no such errand");
  await expect(page.getByText("No tasks match “no such errand”")).toBeVisible();
  await page.getByRole("button", { name: "Clear search" }).click();
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(search).toHaveValue("");
  await expect(rows(page)).toHaveCount(3);
  await keepScreenshot(page, shot("tasks-desktop.png"), { fullPage: true });

  // Duplicate: the dashboard's form opens with the task's prompt and settings.
  await rows(page)
    .filter({ hasText: "Check the LAPTOP price" })
    .getByRole("button", { name: /^Duplicate task/ })
    .click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByLabel("Prompt")).toHaveValue("Check the LAPTOP price");
  await expect(page.getByLabel("JSON Schema")).toHaveValue(/"price"/);
  await expect(page.getByLabel("Session Timeout")).toHaveValue("120");
  await expect(page.getByLabel("Initial URL")).toHaveValue(`${sitesUrl}/`);

  // Delete asks first; Cancel keeps the task.
  await openInApp(page, "/tasks");
  await rows(page)
    .filter({ hasText: "Read the top story" })
    .getByRole("button", { name: /^Delete task/ })
    .click();
  const dialog = page.getByRole("dialog", { name: "Delete task?" });
  await expect(dialog).toContainText("will be deleted with all its runs");
  await keepScreenshot(page, shot("tasks-delete-dialog-desktop.png"));
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(rows(page)).toHaveCount(3);
  await rows(page)
    .filter({ hasText: "Read the top story" })
    .getByRole("button", { name: /^Delete task/ })
    .click();
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByText("Task deleted successfully")).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  const gone = await request.get(`/api/v1/runs/${news.id}`, { headers: { "x-api-key": key } });
  expect(gone.status()).toBe(404);
  // The dashboard's history no longer lists it.
  await openInApp(page, "/dashboard");
  await expect(page.getByRole("list", { name: "Latest runs" }).getByRole("listitem")).toHaveCount(2);
});

test("deleting a task stops its run in progress", async ({ page, request }) => {
  await createAccount(page);
  const key = await apiKeyOf(page);
  // Waits for a person to press a button that nobody presses: it stays running.
  const running = await createRun(request, key, { prompt: "[e2e:human] Wait for the human check" });
  await page.goto(`/tasks/${running.task_id}/task-runs/${running.id}`);
  await expect(page.getByRole("button", { name: "Cancel run" })).toBeVisible({ timeout: 15_000 });

  await openInApp(page, "/tasks");
  const row = rows(page).filter({ hasText: "Wait for the human check" });
  await expect(row.locator("a[data-thumbnail]:visible")).toHaveAttribute("data-status", "pending");
  await row.getByRole("button", { name: /^Delete task/ }).click();
  const dialog = page.getByRole("dialog", { name: "Delete task?" });
  await expect(dialog).toContainText("Its run in progress will be stopped.");
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByText("Task deleted successfully")).toBeVisible();
  await expect(page.getByText("No tasks yet")).toBeVisible();
  expect((await request.get(`/api/v1/runs/${running.id}`, { headers: { "x-api-key": key } })).status()).toBe(404);
  // Nothing is held for it any more: the account may start as many runs as before.
  const account = (await (await request.get("/api/v1/account", { headers: { "x-api-key": key } })).json()) as {
    balance: { heldFreePrompts: number; heldCredits: number };
  };
  expect(account.balance).toMatchObject({ heldFreePrompts: 0, heldCredits: 0 });
});

test.describe("on a phone", () => {
  for (const width of [390, 360]) {
    test(`Task History fits a ${width} px screen: search, runs under the prompt, actions in reach`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 844 });
      await createAccount(page);
      const key = await apiKeyOf(page);
      const news = await createRun(request, key, { prompt: "[e2e:steps] Read the top story of the news front page" });
      const long = await createRun(request, key, { prompt: `Book a table for two at ${LONG_URL}` });
      for (const run of [news, long]) await waitUntilEnded(request, key, run.id);

      await page.goto("/tasks");
      await expect(rows(page)).toHaveCount(2);
      const newsRow = rows(page).filter({ hasText: "Read the top story" });
      await expect(newsRow.locator("a[data-thumbnail]:visible img")).toBeVisible();
      for (const name of [/^Duplicate task/, /^Delete task/]) {
        const button = rows(page).filter({ hasText: "Book a table" }).getByRole("button", { name });
        await expect(button).toBeInViewport();
      }
      await expectNoSidewaysScroll(page);
      await keepScreenshot(page, shot(`tasks-phone-${width}.png`), { fullPage: true });

      await page.getByRole("searchbox", { name: "Search tasks by prompt" }).fill("booking/table");
      await expect(rows(page)).toHaveCount(1);
      await expectNoSidewaysScroll(page);

      await rows(page)
        .first()
        .getByRole("button", { name: /^Delete task/ })
        .click();
      await expect(page.getByRole("dialog", { name: "Delete task?" })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await keepScreenshot(page, shot(`tasks-delete-dialog-phone-${width}.png`));
    });
  }
});
