import { expect, test, type APIRequestContext, type Page } from "./fixtures.ts";
import { createAccount, pollRunStatus, sidewaysOverflow } from "./helpers.ts";
import { keepScreenshot } from "./screenshots.ts";

/*
 * Sharing one's own run by link: the owner turns the link on from the run page,
 * anyone with it sees the run read-only, its result and last screenshot at once, its steps played
 * back on request (no account, never indexed), and a link the owner
 * stopped sharing says so and answers 404. Desktop and phone.
 */
test.setTimeout(90_000);

async function apiKeyOf(page: Page): Promise<string> {
  return ((await (await page.request.get("/api/v1/account/api-key")).json()) as { api_key: string }).api_key;
}

/** A run of the news fixture in a few steps, with screenshots, finished. */
async function finishedRun(request: APIRequestContext, key: string) {
  const res = await request.post("/api/v1/runs", {
    headers: { "x-api-key": key },
    data: { prompt: "[e2e:steps] Read the top story of the news front page" },
  });
  const run = (await res.json()) as { id: string; task_id: string };
  await pollRunStatus(request, key, run.id).toBe("success");
  return run;
}

/**
 * What a shared link opens on, with no click: the result, the last step's screenshot, and every
 * step of the run counted as the run page counts them.
 */
async function expectResultAtOnce(visitor: Page, runId: string, key: string, request: APIRequestContext) {
  const { steps } = (await (await request.get(`/api/v1/runs/${runId}/steps`, { headers: { "x-api-key": key } })).json()) as {
    steps: unknown[];
  };
  expect(steps.length).toBeGreaterThan(1);
  await expect(visitor.getByRole("region", { name: "Results" })).toContainText("The top story is");
  await expect(visitor.getByRole("img", { name: `Screenshot of step ${steps.length}` })).toBeVisible();
  await expect(visitor.getByRole("list", { name: "Steps", exact: true }).getByRole("listitem")).toHaveCount(steps.length);
  await expect(visitor.getByText(`${steps.length} steps`, { exact: true })).toBeVisible();
  await expect(visitor.locator(".blur-\\[3px\\]")).toHaveCount(0);
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
}

test("the owner shares a run by link, a visitor sees its result at once and plays its steps back, and a revoked link says so", async ({
  page,
  browser,
  request,
}) => {
  const { email } = await createAccount(page);
  const key = await apiKeyOf(page);
  const run = await finishedRun(request, key);

  await page.goto(`/tasks/${run.task_id}/task-runs/${run.id}`);
  await page.getByRole("button", { name: "Share", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Share this run" });
  await expect(dialog).toContainText("This run is not shared.");
  await dialog.getByRole("button", { name: "Create link" }).click();
  const link = dialog.getByLabel("Share link");
  await expect(link).toHaveValue(/\/shared\/[A-Za-z0-9_-]{32}$/);
  const url = await link.inputValue();
  await keepScreenshot(page, "share-dialog-desktop.png");
  await dialog.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByText("Link copied")).toBeVisible();
  await page.keyboard.press("Escape");
  // The run page says it is shared.
  await expect(page.getByRole("button", { name: "Shared", exact: true })).toBeVisible();

  // A visitor without an account.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const response = await visitor.goto(url);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  await expect(visitor.getByRole("heading", { name: "Shared Run", level: 1 })).toBeVisible();
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  await expect(visitor.getByText("Read the top story of the news front page")).toBeVisible();
  await expectResultAtOnce(visitor, run.id, key, request);
  // The steps play back one by one on request (a playback, not "replay": ADR 0059).
  await expect(visitor.getByRole("button", { name: /Replay/ })).toHaveCount(0);
  await visitor.getByRole("button", { name: "Play back the steps one by one" }).click();
  await expect(visitor.getByText("Playing back...")).toBeVisible();
  await expect(visitor.getByRole("progressbar", { name: "Playback progress" })).toHaveAttribute("aria-valuenow", "100", {
    timeout: 15_000,
  });
  await expect(visitor.getByText("The top story is").first()).toBeVisible();
  await expect(visitor.locator("body")).not.toContainText(email);
  // Read-only: nothing of the owner's workspace (no edit form, no run controls).
  await expect(visitor.getByRole("button", { name: /Save|Cancel run|Share/ })).toHaveCount(0);
  await keepScreenshot(visitor, "shared-run-desktop.png", { fullPage: true });

  // The owner stops sharing: the link dies at once.
  await page.getByRole("button", { name: "Shared", exact: true }).click();
  await dialog.getByRole("button", { name: "Stop sharing" }).click();
  await expect(page.getByText("Sharing stopped")).toBeVisible();
  await expect(dialog).toContainText("This run is not shared.");

  const revoked = await visitor.goto(url);
  expect(revoked?.status()).toBe(404);
  await expect(visitor.getByRole("heading", { name: "Shared Run Not Found" })).toBeVisible();
  await expect(visitor.getByText("This shared link does not exist, or its owner has stopped sharing the run.")).toBeVisible();
  await visitorContext.close();

  // Sharing again makes a new link; the old one stays dead.
  await dialog.getByRole("button", { name: "Create link" }).click();
  await expect(dialog.getByLabel("Share link")).not.toHaveValue(url);
  expect((await request.get(`/api/v1/shared/${url.split("/shared/")[1]}`)).status()).toBe(404);
});

test("a shared run reads well on a phone", async ({ page, browser, request }) => {
  await createAccount(page);
  const key = await apiKeyOf(page);
  const run = await finishedRun(request, key);
  const { url } = (await (await request.post(`/api/v1/runs/${run.id}/share`, { headers: { "x-api-key": key } })).json()) as { url: string };

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const visitor = await phone.newPage();
  await visitor.goto(url);
  await expect(visitor.getByRole("heading", { name: "Shared Run", level: 1 })).toBeVisible();
  await expectResultAtOnce(visitor, run.id, key, request);
  await expectNoSidewaysScroll(visitor);
  await keepScreenshot(visitor, "shared-run-phone.png", { fullPage: true });
  await visitor.setViewportSize({ width: 360, height: 800 });
  await expectNoSidewaysScroll(visitor);
  await phone.close();

  // The owner's Share control on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/tasks/${run.task_id}/task-runs/${run.id}`);
  await page.getByRole("button", { name: "Shared", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Share this run" });
  await expect(dialog.getByLabel("Share link")).toHaveValue(url);
  await expect(dialog.getByRole("button", { name: "Copy link" })).toBeInViewport();
  await expectNoSidewaysScroll(page);
  await keepScreenshot(page, "share-dialog-phone.png");
});
