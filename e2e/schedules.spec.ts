import { expect, test, type Page } from "./fixtures.ts";
import { CRON_TOO_OFTEN_MESSAGE } from "@errand/contract";
import { createAccount, openInApp, sidewaysOverflow } from "./helpers.ts";

/*
 * Schedules on the task page (ADR 0009): a person schedules a saved task, sees its next runs,
 * changes it to a cron expression, pauses and resumes it, sees the next run in Task History and
 * removes it. That a due slot makes exactly one run is proved in the services and worker tests
 * (a slot cannot be made due from a browser).
 */
test.setTimeout(90_000);

async function savedTask(page: Page): Promise<string> {
  const key = ((await (await page.request.get("/api/v1/account/api-key")).json()) as { api_key: string }).api_key;
  const res = await page.request.post("/api/v1/runs", {
    headers: { "x-api-key": key },
    data: { prompt: "[e2e:steps] Read the top story of the news front page" },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { task_id: string }).task_id;
}

const scheduleCard = (page: Page) => page.getByRole("region", { name: "Schedule" });
const nextRuns = (page: Page) => scheduleCard(page).getByRole("list", { name: "Next runs" }).locator("time");

test("a person schedules a task, sees its next runs, edits, pauses, resumes and removes the schedule", async ({ page }) => {
  await createAccount(page);
  const taskId = await savedTask(page);
  await page.goto(`/tasks/${taskId}`);
  const card = scheduleCard(page);

  await card.getByRole("button", { name: "Schedule this task" }).click();
  await expect(card.getByLabel("Time zone")).toHaveValue(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone));
  await card.getByLabel("Repeat").selectOption({ label: "Every day" });
  await card.getByLabel("Time", { exact: true }).fill("09:00");
  await card.getByLabel("Time zone").selectOption("Europe/Madrid");
  await card.getByRole("button", { name: "Save schedule" }).click();

  await expect(card.getByText("Runs every day at 09:00 (Europe/Madrid).")).toBeVisible();
  await expect(nextRuns(page)).toHaveCount(3);
  for (const slot of await nextRuns(page).all()) await expect(slot).toContainText("09:00");
  await expect(card.getByText("Scheduled runs replay the task’s recording when it has one.")).toBeVisible();

  // A cron expression firing too often is refused next to the field; every 5 minutes is fine.
  await card.getByRole("button", { name: "Edit" }).click();
  await card.getByLabel("Repeat").selectOption({ label: "Custom (cron)" });
  await card.getByLabel("Cron expression").fill("* * * * *");
  await card.getByLabel("Time zone").selectOption("UTC");
  await card.getByRole("button", { name: "Save schedule" }).click();
  // The API's message, in the form's words (apps/web/src/api/field-words.ts).
  await expect(card.getByText(CRON_TOO_OFTEN_MESSAGE.replace(/^cron /, "Cron expression "))).toBeVisible();
  await expect(card.getByLabel("Cron expression")).toHaveAttribute("aria-invalid", "true");
  await card.getByLabel("Cron expression").fill("*/5 * * * *");
  await card.getByRole("button", { name: "Save schedule" }).click();
  await expect(card.getByText("Runs on the cron expression */5 * * * * (UTC).")).toBeVisible();
  await expect(nextRuns(page)).toHaveCount(3);
  const slots = await Promise.all((await nextRuns(page).all()).map(async (t) => Date.parse((await t.getAttribute("datetime"))!)));
  for (const slot of slots) expect(new Date(slot).getUTCMinutes() % 5).toBe(0);
  expect(slots[1]! - slots[0]!).toBe(5 * 60_000);
  expect(slots[2]! - slots[1]!).toBe(5 * 60_000);

  await card.getByRole("button", { name: "Pause" }).click();
  await expect(card.getByText("Paused", { exact: true })).toBeVisible();
  await expect(card.getByText("No run is made while the schedule is paused.")).toBeVisible();
  await expect(nextRuns(page)).toHaveCount(0);
  await card.getByRole("button", { name: "Resume" }).click();
  await expect(card.getByText("Paused", { exact: true })).toBeHidden();
  await expect(nextRuns(page)).toHaveCount(3);

  // Task History shows when it runs next.
  await openInApp(page, "/tasks");
  const row = page.getByRole("table").locator("tbody tr").filter({ hasText: "Read the top story" });
  await expect(row.locator("[data-next-run]")).toContainText("Next run");

  await openInApp(page, `/tasks/${taskId}`);
  await card.getByRole("button", { name: "Remove" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove schedule?" });
  await expect(dialog).toContainText("The task and its runs stay.");
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(card.getByRole("button", { name: "Schedule this task" })).toBeVisible();
  expect((await page.request.get(`/api/v1/tasks/${taskId}/schedule`)).status()).toBe(404);
});

test("the schedule form fits a 360 px phone and works from the keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await createAccount(page);
  const taskId = await savedTask(page);
  await page.goto(`/tasks/${taskId}`);
  const card = scheduleCard(page);
  await card.getByRole("button", { name: "Schedule this task" }).focus();
  await page.keyboard.press("Enter");
  await expect(card.getByLabel("Repeat")).toBeVisible();
  await card.getByLabel("Repeat").selectOption({ label: "Every week" });
  await card.getByLabel("Day").selectOption({ label: "Friday" });
  await card.getByLabel("Time", { exact: true }).fill("18:30");
  await card.getByLabel("Time zone").selectOption("America/New_York");
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await card.getByRole("button", { name: "Save schedule" }).focus();
  await page.keyboard.press("Enter");
  await expect(card.getByText("Runs every Friday at 18:30 (America/New York).")).toBeVisible();
  await expect(nextRuns(page)).toHaveCount(3);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  // One time zone for "Next run": the schedule's, named, in the same words on both pages.
  const next = nextRuns(page).first();
  await expect(next).toContainText(/EST|EDT|GMT-[45]/);
  const [at, words] = [await next.getAttribute("datetime"), await next.textContent()];
  await openInApp(page, "/tasks");
  const history = page.locator("[data-next-run] time");
  await expect(history).toHaveAttribute("datetime", at!);
  await expect(history).toHaveText(words!);
});
