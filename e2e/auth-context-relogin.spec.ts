import { expect, test, type Page } from "./fixtures.ts";
import { e2eEnv } from "./e2e-env.ts";
import { createAccount, openInApp, runWithAuthContext, sidewaysOverflow } from "./helpers.ts";
import { expectLive, typeDemoLogin } from "./live-viewer.ts";
import { keepScreenshot } from "./screenshots.ts";

/*
 * "Log in again" on a saved login, as a person does it: the live browser opens on the
 * same auth context with its saved state loaded (already signed in), the person signs out and in
 * again by typing into the viewer, Finish replaces the saved state in place, and a task that uses
 * the auth context runs signed in with the new login. Desktop and phone.
 */
test.setTimeout(120_000);

const loginFrame = (page: Page) => page.frameLocator('iframe[title="Browser for logging in"]');

/** A saved login for the fixture's account page, made through the wizard. */
async function saveLogin(page: Page, name: string) {
  const { sitesUrl } = e2eEnv();
  await openInApp(page, "/auth-contexts/new");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Website URL").fill(`${sitesUrl}/account`);
  await page.getByRole("button", { name: "Next" }).click();
  const frame = loginFrame(page);
  await expectLive(frame);
  // Not signed in: the site sends the browser to its login page.
  await expect(frame.getByLabel("Address")).toHaveValue(`${sitesUrl}/login?next=/account`, { timeout: 15_000 });
  await typeDemoLogin(page, frame);
  await expect(frame.getByLabel("Address")).toHaveValue(`${sitesUrl}/account`, { timeout: 15_000 });
  await page.getByRole("button", { name: "Finish" }).click();
  await expect(page.getByText("Authentication context created successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/auth-contexts$/);
}

test("log in again opens the saved login in the live browser, and Finish replaces it in place", async ({ page }) => {
  const { sitesUrl } = e2eEnv();
  await createAccount(page);
  await saveLogin(page, "Fixture shop");
  const row = page.getByRole("row").filter({ hasText: "Fixture shop" });
  const before = await page.request.get("/api/v1/auth-contexts");
  const [saved] = ((await before.json()) as { auth_contexts: { id: string; updated_at: string }[] }).auth_contexts;

  await row.getByRole("link", { name: "Log in again to Fixture shop" }).click();
  await expect(page).toHaveURL(new RegExp(`/auth-contexts/${saved!.id}/login$`));
  await expect(page.getByRole("heading", { name: "Log in again", level: 1 })).toBeVisible();
  await expect(page.getByText(/Refresh the saved login “Fixture shop”/)).toBeVisible();
  const frame = loginFrame(page);
  await expectLive(frame);
  // The saved state is loaded: the account page opens signed in, no login form.
  await expect(frame.getByLabel("Address")).toHaveValue(`${sitesUrl}/account`, { timeout: 15_000 });
  await keepScreenshot(page, "relogin-desktop.png");

  // The person signs out and in again through the viewer (the address bar, then the form).
  await frame.getByLabel("Address").fill(`${sitesUrl}/logout`);
  await frame.getByLabel("Address").press("Enter");
  await expect(frame.getByLabel("Address")).toHaveValue(`${sitesUrl}/login?logged_out=1`, { timeout: 15_000 });
  await typeDemoLogin(page, frame);
  await expect(frame.getByLabel("Address")).toHaveValue(`${sitesUrl}/account`, { timeout: 15_000 });

  await page.getByRole("button", { name: "Finish" }).click();
  await expect(page.getByText("Authentication context updated successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/auth-contexts$/);
  const after = (
    (await (await page.request.get("/api/v1/auth-contexts")).json()) as { auth_contexts: { id: string; updated_at: string }[] }
  ).auth_contexts;
  expect(after).toHaveLength(1);
  expect(after[0]!.id).toBe(saved!.id);
  expect(Date.parse(after[0]!.updated_at)).toBeGreaterThan(Date.parse(saved!.updated_at));

  // A task with the refreshed login reaches the account page signed in.
  await runWithAuthContext(page, "[e2e:account] Open my account page", "Fixture shop");
  await expect(page.getByText("Signed in: the account page says Welcome back, Demo.").first()).toBeVisible({ timeout: 30_000 });
});

test("log in again fits a phone, and Cancel closes its browser without changing the saved login", async ({ page }) => {
  await createAccount(page);
  await saveLogin(page, "Phone shop");
  const [saved] = (
    (await (await page.request.get("/api/v1/auth-contexts")).json()) as { auth_contexts: { id: string; updated_at: string }[] }
  ).auth_contexts;

  await page.setViewportSize({ width: 390, height: 844 });
  await openInApp(page, "/auth-contexts");
  const link = page.getByRole("link", { name: "Log in again to Phone shop" });
  await expect(link).toBeInViewport();
  await expect(page.getByRole("button", { name: "Delete Phone shop" })).toBeInViewport();
  await keepScreenshot(page, "auth-contexts-phone.png");
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await link.click();
  await expectLive(loginFrame(page));
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await keepScreenshot(page, "relogin-phone.png", { fullPage: true });

  const closing = page.waitForResponse((r) => r.request().method() === "DELETE" && r.url().includes("/api/v1/auth-contexts/sessions/"));
  await page.getByRole("button", { name: "Cancel" }).click();
  expect((await closing).status()).toBe(204);
  await expect(page).toHaveURL(/\/auth-contexts$/);
  const after = (
    (await (await page.request.get("/api/v1/auth-contexts")).json()) as { auth_contexts: { id: string; updated_at: string }[] }
  ).auth_contexts;
  expect(after).toEqual([expect.objectContaining({ id: saved!.id, updated_at: saved!.updated_at })]);
});
