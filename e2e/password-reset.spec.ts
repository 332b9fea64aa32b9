import { expect, test, type APIRequestContext, type Page } from "./fixtures.ts";
import { e2eEnv } from "./e2e-env.ts";
import { openInApp, signOut, signUp } from "./helpers.ts";

/** The reset link from the last mail to `to` (the server's SMTP went to the e2e capture). */
async function resetLinkFor(request: APIRequestContext, to: string, after = 0): Promise<{ link: string; at: number }> {
  const mail = await (await request.get(`${e2eEnv().controlUrl}/mail?to=${encodeURIComponent(to)}&after=${after}`)).json();
  expect(mail.subject).toBe("Reset your Errand password");
  return { link: /(http:\/\/\S+\/api\/auth\/reset-password\/\S+)/.exec(mail.text)![1]!, at: mail.at };
}

async function askForReset(page: Page, email: string) {
  // After a sign-out the app is already there.
  await openInApp(page, "/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  // The address changes at once; the page shows when its chunk has loaded. Until then the login
  // form (with its own Email field) is still on screen: filling it would type into the wrong page.
  await expect(page.getByRole("heading", { name: "Forgot password" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText("Password reset email sent")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
}

test("forgot password: the e-mailed link sets a new password that then logs in", async ({ page, request }) => {
  const { email } = await signUp(page);
  await signOut(page);
  await askForReset(page, email);
  const { link } = await resetLinkFor(request, email);

  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel("New Password").fill("12345");
  await page.getByLabel("Confirm Password").fill("12345");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Password too short").first()).toBeVisible();
  await page.getByLabel("New Password").fill("new-secret-1");
  await page.getByLabel("Confirm Password").fill("new-secret-2");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Passwords don't match").first()).toBeVisible();
  await page.getByLabel("Confirm Password").fill("new-secret-1");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Password updated successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("new-secret-1");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link worked once: opened again it is refused and leads back to the form.
  await signOut(page);
  await page.goto(link);
  await expect(page.getByText("Invalid reset link")).toBeVisible();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test("an unknown address gets the same answer, and a broken link is refused", async ({ page }) => {
  await askForReset(page, "nobody-at-all@example.test");
  await openInApp(page, "/reset-password?token=not-a-real-token");
  await expect(page.getByText("This password reset link is invalid or has expired. Please request a new one.")).toBeVisible();
  await expect(page).toHaveURL(/\/forgot-password$/);
});
