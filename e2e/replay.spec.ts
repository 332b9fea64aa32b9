import { expect, test, type Page } from "./fixtures.ts";
import { readFileSync } from "node:fs";
import { e2eEnv } from "./e2e-env.ts";
import { sidewaysOverflow, signUp } from "./helpers.ts";
import { keepScreenshot } from "./screenshots.ts";

/*
 * Replay on the task page and the run page (ADR 0009): a saved task's first run is the agent's
 * and leaves a recording; re-running it replays the recording without the model; when the shop
 * renames its label the agent repairs the step and a new version is kept; "Always use the agent"
 * stops replays. The fake model of e2e/server shops on the fixture shop ("[e2e:shop]").
 *
 * /replay-shop's variant belongs to the one fixture server all tests share: only this spec uses
 * the shop, its tests run one after another, and the variant is set back to "baseline" at once.
 */
test.describe.configure({ mode: "serial" });
test.setTimeout(180_000);

const PROMPT =
  "[e2e:shop] In the shop, search for lamp, open Desk Lamp, set the quantity to 2, add it to the cart, and give its name, price and the cart count";
const SCHEMA = JSON.stringify({
  type: "object",
  properties: { name: { type: "string" }, price: { type: "string" }, cart: { type: "string" } },
  required: ["name", "price", "cart"],
});
const RUN_URL = /\/tasks\/[0-9a-f-]{36}\/task-runs\/[0-9a-f-]{36}$/;
/** A run ends well within this: the agent's 7 steps, or a replay that waits for a missing element. */
const RUN_ENDS = { timeout: 45_000 };

const replayCard = (page: Page) => page.getByRole("region", { name: "Replay" });
const runStatus = (page: Page) => page.getByRole("definition").locator("[data-status]");
const execution = (page: Page) => page.locator("[data-execution]");

/** Creates the task from the dashboard (JSON results, starting on the shop) and waits for its first run to end. */
async function createShopTask(page: Page) {
  await signUp(page);
  await page.getByLabel("Prompt").fill(PROMPT);
  await page.getByRole("button", { name: "Advanced Parameters" }).click();
  await page.getByRole("radio", { name: "JSON" }).check({ force: true });
  await page.getByLabel("JSON Schema").fill(SCHEMA);
  await page.getByLabel("Initial URL").fill(`${e2eEnv().sitesUrl}/replay-shop`);
  await page.getByRole("button", { name: "Execute" }).click();
  await expect(page).toHaveURL(RUN_URL, { timeout: 15_000 });
  await expectRunEnded(page);
}

async function expectRunEnded(page: Page) {
  await expect(runStatus(page)).toHaveText("Success", RUN_ENDS);
}

/**
 * The task page's own re-run: Save & Run, which opens the new run; resolves once that run has
 * ended. Its end is read from the API: the router keeps the run it left on screen until the new
 * one's page is ready, so a "Success" seen right after the address changed can be the old run's,
 * and the shop's variant would be reset while the new run still needs it.
 */
async function rerun(page: Page) {
  const before = page.url();
  await page.getByRole("button", { name: "Save & Run" }).click();
  await expect(page).not.toHaveURL(before);
  await expect(page).toHaveURL(RUN_URL);
  const runId = new URL(page.url()).pathname.split("/").at(-1);
  await expect
    .poll(async () => ((await (await page.request.get(`/api/v1/runs/${runId}`)).json()) as { status: string }).status, RUN_ENDS)
    .toBe("success");
  await expectRunEnded(page);
}

async function setShopVariant(page: Page, variant: "baseline" | "renamed-label") {
  const res = await page.request.post(`${e2eEnv().sitesUrl}/replay-shop/__variant`, { form: { variant } });
  expect(res.ok()).toBe(true);
}

test("a saved task replays without the model, is repaired when the shop changes, and can always use the agent; its page fits a 360 px phone", async ({
  page,
}) => {
  await createShopTask(page);
  await expect(execution(page)).toHaveText("Agent · Recorded as v1");
  const results = page.getByRole("region", { name: "Results" });
  await expect(results).toContainText("Desk Lamp");

  // The Replay card lists what the recording does; the prompt's words that may change are chips.
  const card = replayCard(page);
  const recordedSummary = card.getByText(/^Recording v1 · \d+ steps$/);
  await expect(recordedSummary).toBeVisible();
  const recordedSteps = Number(/(\d+) steps/.exec((await recordedSummary.textContent()) ?? "")?.[1]);
  const steps = card.getByRole("list", { name: "Recording", exact: true }).getByRole("listitem");
  await expect(steps.first()).toContainText("lamp");
  expect(await steps.count()).toBeGreaterThanOrEqual(4);
  await expect(card.getByRole("list", { name: "Parameters" })).toContainText("lamp");
  await expect(card.getByRole("checkbox", { name: "Always use the agent" })).not.toBeChecked();
  // The recording downloads as a Playwright script (run by Node in packages/worker/src/replay-runs.test.ts).
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    card.getByRole("button", { name: "Download as Playwright script" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^errand-task-[0-9a-f]{8}-recording-1\.ts$/);
  expect(readFileSync((await download.path())!, "utf8")).toContain("await step(1, ");
  // The task page with its Replay card fits a 360 px phone (on the run that made the recording).
  await page.setViewportSize({ width: 360, height: 780 });
  await expect(card.getByText(/^Recording v1/)).toBeVisible();
  await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await keepScreenshot(page, "task-page-phone.png", { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Re-run: replayed without the model, each browser step marked as replayed.
  await rerun(page);
  await expect(execution(page)).toContainText("Replayed without the model (recording v1)");
  const stepsList = page.getByRole("list", { name: "Steps", exact: true });
  await expect(stepsList.getByText("Replayed", { exact: true }).first()).toBeVisible();
  // The Replay card counted the steps a replay makes: its actions and the answer.
  await expect(stepsList.getByRole("listitem")).toHaveCount(recordedSteps);
  await expect(page.getByText("0 in · 0 out")).toBeVisible();
  await expect(results).toContainText("Desk Lamp");
  await keepScreenshot(page, "replayed-desktop.png", { fullPage: true });
  // The replayed run with its badges fits a 360 px phone too.
  await page.setViewportSize({ width: 360, height: 780 });
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await keepScreenshot(page, "replayed-phone.png", { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The shop renames its quantity label and add button: the agent repairs the step, a version 2 is kept.
  await setShopVariant(page, "renamed-label");
  try {
    await rerun(page);
  } finally {
    await setShopVariant(page, "baseline");
  }
  await expect(execution(page)).toContainText("Replayed, repaired by the agent");
  await expect(execution(page)).toContainText("New recording v2");
  // The steps it could not repeat say so; the agent's step follows each.
  await expect(stepsList.getByText("Replay missed", { exact: true }).first()).toBeVisible();
  await expect(card.getByText(/^Recording v2 · \d+ steps · repaired$/)).toBeVisible();
  await keepScreenshot(page, "repaired-desktop.png", { fullPage: true });

  // Always use the agent: the next run is the agent's.
  await card.getByRole("checkbox", { name: "Always use the agent" }).click();
  await expect(card.getByRole("checkbox", { name: "Always use the agent" })).toBeChecked();
  await expect
    .poll(async () => ((await (await page.request.get(taskApiUrl(page))).json()) as { always_use_agent: boolean }).always_use_agent)
    .toBe(true);
  await rerun(page);
  await expect(execution(page)).toContainText(/^Agent/);
  await expect(stepsList.getByText("Replayed", { exact: true })).toHaveCount(0);
});

/** /api/v1/tasks/{id} of the task the page shows. */
function taskApiUrl(page: Page): string {
  const taskId = /\/tasks\/([0-9a-f-]{36})/.exec(page.url())![1];
  return `/api/v1/tasks/${taskId}`;
}
