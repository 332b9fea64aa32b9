import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "./fixtures.ts";
import { signViewerToken, viewerTokenKey } from "../packages/services/src/live/viewer-token.ts";
import { e2eEnv } from "./e2e-env.ts";
import { createAccount, openInApp, RUN_URL, runWithAuthContext, signUp } from "./helpers.ts";
import { expectLive, liveCanvas, typeDemoLogin } from "./live-viewer.ts";

/*
 * Saved logins through the live browser, as a person does it: log in to the fixture site by
 * typing into the live viewer (real input forwarding over its WebSocket), save, then run a task
 * with the saved login; and watch a run, take control of it, act, and hand it back.
 */
test.setTimeout(90_000);

const runBadge = (page: Page) => page.getByRole("definition").locator("[data-status]");

test("a login typed through the live viewer is saved, and a run with it starts signed in", async ({ page }) => {
  const { sitesUrl } = e2eEnv();
  await createAccount(page);
  await page.goto("/auth-contexts");
  await expect(page.getByRole("heading", { name: "Auth Contexts", level: 1 })).toBeVisible();
  await expect(page.getByText("No auth contexts yet")).toBeVisible();
  await page.getByRole("link", { name: "Create New" }).click();
  await expect(page).toHaveURL(/\/auth-contexts\/new$/);

  // Step 1 validates with the product's messages.
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  await expect(page.getByText("Website URL is required")).toBeVisible();
  await page.getByLabel("Name").fill("Fixture shop");
  await page.getByLabel("Website URL").fill("shop.example");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Please enter a valid URL")).toBeVisible();
  await page.getByLabel("Website URL").fill(`${sitesUrl}/login`);
  await page.getByRole("button", { name: "Next" }).click();

  // Step 2: the live browser. The e-mail field has focus on the login page: type into the viewer.
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible({ timeout: 15_000 });
  const frame = page.frameLocator('iframe[title="Browser for logging in"]');
  await expectLive(frame);
  await expect(frame.getByLabel("Address")).toHaveValue(`${sitesUrl}/login`);
  await typeDemoLogin(page, frame);
  await expect(frame.getByLabel("Address")).toHaveValue(`${sitesUrl}/account`, { timeout: 15_000 });
  await expect(frame.getByRole("button", { name: "Back" })).toBeEnabled();

  await page.getByRole("button", { name: "Finish" }).click();
  await expect(page.getByText("Authentication context created successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/auth-contexts$/);
  const row = page.getByRole("row").filter({ hasText: "Fixture shop" });
  await expect(row).toContainText(`${sitesUrl}/login`);
  await expect(row).toContainText(/just now|seconds? ago|minute ago/);

  // A task with the saved login reaches the account page without logging in.
  await runWithAuthContext(page, "[e2e:account] Open my account page", "Fixture shop");
  await expect(runBadge(page)).toHaveText("Success", { timeout: 30_000 });
  await expect(page.locator("pre").first()).toHaveText("Signed in: the account page says Welcome back, Demo.");

  // Deleting asks first, then the list is empty again.
  await openInApp(page, "/auth-contexts");
  await page.getByRole("button", { name: "Delete Fixture shop" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByText("Authentication context deleted successfully")).toBeVisible();
  await expect(page.getByText("No auth contexts yet")).toBeVisible();
});

test("take over a running run, press the button a person must press, hand back: the run finishes", async ({ page }) => {
  await signUp(page);
  await page.getByLabel("Prompt").fill("[e2e:human] Pass the human check");
  await page.getByRole("button", { name: "Execute" }).click();
  await expect(page).toHaveURL(RUN_URL, { timeout: 15_000 });
  await expect(runBadge(page)).toHaveText("Pending");

  await page.getByRole("button", { name: "Watch live" }).click();
  const frame = page.frameLocator('iframe[title="Live browser of this run"]');
  await expectLive(frame);
  await expect(frame.getByLabel("Address")).toHaveValue(/\/human-check$/, { timeout: 15_000 });
  await expect(frame.getByText("Watching — the agent is in control")).toBeVisible();

  await page.getByRole("button", { name: "Take control" }).click();
  await expect(page.getByText("You are in control. The agent is paused.")).toBeVisible();
  await expect(frame.getByText("Watching — the agent is in control")).toBeHidden();
  // The page's big button fills the top of the viewport: click it through the viewer.
  const canvas = liveCanvas(frame);
  const box = (await canvas.boundingBox())!;
  await canvas.click({ position: { x: box.width * 0.5, y: box.height * 0.3 } });
  await page.getByRole("button", { name: "Hand back to agent" }).click();

  await expect(runBadge(page)).toHaveText("Success", { timeout: 30_000 });
  await expect(page.locator("pre").first()).toHaveText("A person verified the page.");
  await expect(page.getByTitle("Live browser of this run")).toHaveCount(0);
});

test("a viewer link whose token has expired is refused, a fresh one works, and the wizard says when its browser closed", async ({
  page,
  context,
}) => {
  const { sitesUrl } = e2eEnv();
  await createAccount(page);
  await page.goto("/auth-contexts/new");
  await page.getByLabel("Name").fill("Expiry");
  await page.getByLabel("Website URL").fill(`${sitesUrl}/login`);
  await page.getByRole("button", { name: "Next" }).click();
  const iframe = page.locator('iframe[title="Browser for logging in"]');
  await expectLive(page.frameLocator('iframe[title="Browser for logging in"]'));
  const sessionId = new URL((await iframe.getAttribute("src"))!, page.url()).pathname.split("/").at(-1)!;
  const session = (await (await page.request.get("/api/auth/get-session")).json()) as { user: { id: string } };

  // Tokens signed with the server's own key (derived from DATA_DIR's generated ENCRYPTION_KEY).
  const key = viewerTokenKey(
    Buffer.from(readFileSync(path.join(process.env.E2E_DATA_DIR!, "secrets/encryption-key"), "utf8").trim(), "hex"),
  );
  const grant = { kind: "session" as const, id: sessionId, owner: session.user.id };
  const viewer = await context.newPage();
  await viewer.goto(`/live/sessions/${sessionId}#token=${signViewerToken(key, { ...grant, exp: Date.now() - 1_000 })}`);
  await expect(viewer.getByText("This viewer link has expired or is not valid. Open the browser again from Errand.")).toBeVisible();
  await viewer.goto(`/live/sessions/${sessionId}#token=${signViewerToken(key, { ...grant, exp: Date.now() + 60_000 })}`);
  await viewer.reload();
  await expect(viewer.getByText("Live", { exact: true })).toBeVisible({ timeout: 20_000 });
  await viewer.close();

  // The browser closes under the wizard (as after the idle time): it says so and offers no Finish.
  const closed = await page.request.delete(`/api/v1/auth-contexts/sessions/${sessionId}`, {
    headers: { origin: new URL(page.url()).origin },
  });
  expect(closed.status()).toBe(204);
  await expect(page.getByRole("alert").filter({ hasText: "The browser closed, so this login cannot be saved." })).toBeVisible();
  await expect(page.getByRole("button", { name: "Finish" })).toBeDisabled();
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByLabel("Name")).toHaveValue("Expiry");
});

test("a viewer link with a bad or missing token is refused", async ({ page }) => {
  await page.goto(`/live/sessions/${crypto.randomUUID()}#token=not-a-real-token`);
  await expect(page.getByText("This viewer link has expired or is not valid. Open the browser again from Errand.")).toBeVisible();
  await page.goto(`/live/sessions/${crypto.randomUUID()}`);
  await expect(page.getByText("This viewer link is incomplete.")).toBeVisible();
});
