import { expect, test } from "./fixtures.ts";

/* Google and GitHub sign-in through the fake OAuth provider of e2e/server (authorization code + PKCE). */
// Both providers sign in the same fake account: one after the other.
test.describe.configure({ mode: "serial" });
for (const provider of ["Google", "GitHub"] as const) {
  test(`Continue with ${provider} signs in through the provider and lands on the dashboard`, async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: `Continue with ${provider}` }).click();
    await expect(page.getByRole("heading", { name: "Sign in to Errand" })).toBeVisible();
    await page.getByRole("button", { name: /Continue as ada@example.com/ }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
  });
}

test("cancelling at the provider comes back to login with the provider's error", async ({ page }) => {
  await page.goto("/signup");
  await page.getByRole("button", { name: "Continue with GitHub" }).click();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText("Could not sign in with GitHub. Please try again.")).toBeVisible();
});
