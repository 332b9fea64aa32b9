import { expect, test, type Locator, type Page } from "./fixtures.ts";
import { openInApp, signUp } from "./helpers.ts";
import { keepScreenshot } from "./screenshots.ts";

/*
 * The run page as a person opening a run sees it: the run first (status, cost, the latest
 * screenshot large, the result), the task's settings beside it on a wide screen and after it on
 * a phone; runs told apart by number, seconds and length; prompts that run on Enter.
 * "[e2e:steps]" browses the news fixture in 4 slow steps (e2e/server/e2e-scenarios.ts).
 */

test.setTimeout(60_000);

const RUN_URL = /\/tasks\/[0-9a-f-]{36}\/task-runs\/[0-9a-f-]{36}$/;
const runBadge = (page: Page) => page.getByRole("definition").locator("[data-status]");
const runSelector = (page: Page) => page.getByLabel("Run", { exact: true });
/** "#1 · Success · 2:05:07 PM · 4.3 s" (the date is added for other days). */
const OPTION = /^#(\d+) · (Success|Pending|Failed|Error|Cancelled) · .*\d{1,2}:\d{2}:\d{2}/;

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error("not rendered");
  return found;
}

/** The widest the page can be scrolled sideways (0: it fits). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate<number>("document.documentElement.scrollWidth - document.documentElement.clientWidth");

/**
 * Opens the run's session recording (docs/adr/0047-session-recordings.md), clicks a step's marker
 * and checks the player went there: its time moves off the start. The replay fits the page's width.
 */
async function seekInRecording(page: Page) {
  const recording = page.getByRole("region", { name: "Recording" });
  await recording.getByRole("button", { name: "Show the recording" }).click();
  const replay = recording.getByRole("img", { name: "Replay of the run's browser" });
  await expect(replay).toBeVisible({ timeout: 20_000 });
  const time = recording.getByLabel("Time in the recording");
  await expect(time).toHaveAttribute("data-time-ms", "0");
  await recording.getByRole("button", { name: "Go to step 3" }).click();
  await expect.poll(async () => Number(await time.getAttribute("data-time-ms"))).toBeGreaterThan(0);
  await recording.getByRole("button", { name: "2x" }).click();
  await expect(recording.getByRole("button", { name: "2x" })).toHaveAttribute("aria-pressed", "true");
  const shown = await box(replay);
  expect(shown.x + shown.width).toBeLessThanOrEqual((await box(recording)).x + (await box(recording)).width + 1);
  await expect(recording.getByRole("link", { name: "Download the recording (JSON)" })).toHaveAttribute(
    "href",
    /\/api\/v1\/runs\/.+\/recording$/,
  );
}

/** Runs a prompt from the dashboard by pressing Enter in the prompt box; resolves on the run page. */
async function runWithEnter(page: Page, prompt: string) {
  // Just after signUp, on the dashboard already.
  await openInApp(page, "/dashboard");
  const box = page.getByLabel("Prompt");
  await box.fill(prompt);
  await box.press("Enter");
  await expect(page).toHaveURL(RUN_URL, { timeout: 15_000 });
}

test.describe("at 1280x800", () => {
  test("the run page opens on the run: status, cost, the latest screenshot and the answer above the fold, settings beside", async ({
    page,
  }) => {
    await signUp(page);
    await runWithEnter(page, "[e2e:steps] What is the top story on the news site?");
    await expect(page.getByRole("heading", { name: "Task Run Details", level: 1 })).toBeVisible();
    await expect(runBadge(page)).toHaveText("Pending");
    await expect(page.getByText("Cost: When it ends")).toBeVisible();
    await expect(page.getByRole("img", { name: /^Screenshot of step \d+$/ })).toBeVisible({ timeout: 20_000 });
    await keepScreenshot(page, "run-page-desktop-pending.png");

    await expect(runBadge(page)).toHaveText("Success", { timeout: 30_000 });
    await expect(page.getByRole("img", { name: "Screenshot of step 4" })).toBeVisible();
    await expect(page.getByText("Cost: Free prompt")).toBeVisible();
    await expect(page.getByText(/^Tokens: [\d,]+ in · [\d,]+ out$/)).toBeVisible();
    await expect(page.getByText(/^Execution time: [\d.]+ s$/)).toBeVisible();
    await keepScreenshot(page, "run-page-desktop-success.png");

    // Nothing scrolled: status, answer and the screenshot (large) are in the first screen.
    expect(await page.evaluate<number>("window.scrollY")).toBe(0);
    for (const part of [runBadge(page), page.locator("pre").first()])
      expect((await box(part)).y + (await box(part)).height).toBeLessThanOrEqual(800);
    const shot = await box(page.getByRole("img", { name: "Screenshot of step 4" }));
    // The page is the header's width (72 rem): beside the settings and the step list the
    // screenshot is about 420 px wide at 1280.
    expect(shot.width).toBeGreaterThanOrEqual(400);
    expect(shot.y).toBeLessThan(800 - shot.height / 2);
    // The task's settings sit to the right of the run, not above it.
    const run = await box(page.getByRole("heading", { name: "Task Run Details" }));
    const settings = await box(page.getByRole("complementary", { name: "Task settings" }));
    expect(settings.x).toBeGreaterThan(run.x + 600);
    expect(settings.y).toBeLessThan(run.y + 50);
    await expect(page.getByRole("heading", { name: "Task Details", level: 2 })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await seekInRecording(page);
    await keepScreenshot(page, "run-page-desktop-recording.png");
  });

  test("runs of a task are numbered with seconds and length, and Enter in the task's prompt saves and runs", async ({ page }) => {
    await signUp(page);
    await runWithEnter(page, "Runs told apart");
    await expect(runBadge(page)).toHaveText("Success", { timeout: 30_000 });
    const first = page.url();
    await expect(runSelector(page).locator("option")).toHaveText([OPTION]);
    await expect(runSelector(page).locator("option").first()).toHaveText(/^#1 · Success · .* · [\d.]+ s$/);

    const prompt = page.getByLabel("Prompt");
    await expect(prompt).toHaveAccessibleDescription("Enter to save and run · Shift + Enter for a new line");
    // Shift+Enter is a new line, not a run.
    await prompt.fill("Runs told apart");
    await prompt.press("Shift+Enter");
    await prompt.pressSequentially("again");
    await expect(prompt).toHaveValue("Runs told apart\nagain");
    await expect(page).toHaveURL(first);
    await prompt.press("Enter");
    await expect(page).not.toHaveURL(first, { timeout: 15_000 });
    await expect(runBadge(page)).toHaveText("Success", { timeout: 30_000 });

    const options = runSelector(page).locator("option");
    await expect(options).toHaveCount(2);
    const labels = await options.allTextContents();
    expect(labels.map((label) => OPTION.exec(label)?.[1])).toEqual(["2", "1"]);
    // Two runs within the same minute still read differently.
    expect(labels[0]).not.toBe(labels[1]);
    await runSelector(page).selectOption({ index: 1 });
    await expect(page).toHaveURL(first);
  });

  test("the dashboard prompt runs on Enter, keeps Shift+Enter for new lines, and says so to everyone", async ({ page }) => {
    await signUp(page);
    const prompt = page.getByLabel("Prompt");
    await expect(prompt).toHaveAccessibleDescription("Enter to run · Shift + Enter for a new line");
    await expect(page.getByText("Enter to run · Shift + Enter for a new line")).toBeVisible();
    await prompt.press("Enter");
    await expect(page).toHaveURL(/\/dashboard$/);
    await prompt.fill("First line");
    await prompt.press("Shift+Enter");
    await prompt.pressSequentially("second line");
    await expect(prompt).toHaveValue("First line\nsecond line");
    await expect(page).toHaveURL(/\/dashboard$/);
    await prompt.press("Enter");
    await expect(page).toHaveURL(RUN_URL, { timeout: 15_000 });
    // The task kept both lines.
    await expect(page.getByLabel("Prompt")).toHaveValue("First line\nsecond line");
  });
});

test.describe("on a 390x844 phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the run comes first, the run selector's label fits, and nothing scrolls sideways", async ({ page }) => {
    await signUp(page);
    await runWithEnter(page, "[e2e:steps] Phone run");
    await expect(runBadge(page)).toHaveText("Success", { timeout: 30_000 });
    await expect(page.getByRole("img", { name: "Screenshot of step 4" })).toBeVisible();
    await keepScreenshot(page, "run-page-phone.png");
    await keepScreenshot(page, "run-page-phone-full.png", { fullPage: true });

    // Status in the first screen; the task's settings after the run.
    expect((await box(runBadge(page))).y).toBeLessThan(844);
    const run = await box(page.getByRole("heading", { name: "Task Run Details" }));
    const settings = await box(page.getByRole("complementary", { name: "Task settings" }));
    expect(settings.y).toBeGreaterThan(run.y);
    // The latest screenshot comes before the list of steps.
    const shot = await box(page.getByRole("img", { name: "Screenshot of step 4" }));
    expect(shot.y).toBeLessThan((await box(page.getByRole("list", { name: "Steps" }))).y);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    // The closed selector shows the chosen run's whole label, on two lines, at 390 and 360 px.
    const face = runSelector(page).locator("xpath=..").locator("[data-part]");
    await expect(face).toHaveText([/^#1 · Success$/, /^\d{1,2}:\d{2}:\d{2}.* · [\d.]+ s$/]);
    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: 844 });
      const cut = await face.evaluateAll((lines) =>
        lines.filter((line) => line.scrollWidth > line.clientWidth).map((line) => line.textContent),
      );
      expect(cut, `cut at ${width} px`).toEqual([]);
      expect(await sidewaysOverflow(page), `sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
    }
    await keepScreenshot(page, "run-page-phone-360.png");
    await seekInRecording(page);
    expect(await sidewaysOverflow(page), "sideways scroll with the recording open").toBeLessThanOrEqual(0);

    // Picking an older step brings its screenshot into view.
    await page
      .getByRole("list", { name: "Steps" })
      .getByRole("button", { name: /^Step 1/ })
      .click();
    await expect(page.getByRole("img", { name: "Screenshot of step 1" })).toBeInViewport();
  });
});
