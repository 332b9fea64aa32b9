import { expect, type Page } from "@playwright/test";

export const uniqueEmail = (tag = "e2e") => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;

/**
 * A new account, signed in, on the dashboard. The account is made through the API the signup
 * screen calls (its cookie lands in the page's browser context); the screen itself is tried by
 * accounts.spec.ts with signUpThroughForm.
 */
export async function signUp(page: Page, email = uniqueEmail(), password = "secret123") {
  const response = await page.request.post("/api/auth/sign-up/email", { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  return { email, password };
}

/** Signs up through the /signup screen and waits for the dashboard. */
export async function signUpThroughForm(page: Page, email = uniqueEmail(), password = "secret123") {
  await page.goto("/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("checkbox", { name: /I agree/ }).check();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return { email, password };
}

export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * Buys credits through the fake Stripe (e2e/server): its checkout page, its signed webhook to the
 * real server, and the redirect back to /credits.
 */
export async function buyCredits(page: Page, dollars: number) {
  await page.goto("/credits");
  await page.getByRole("button", { name: `$${dollars}`, exact: true }).click();
  await page.getByRole("button", { name: "Buy Credits" }).click();
  await expect(page).toHaveTitle("Checkout");
  await page.getByRole("button", { name: `Pay $${dollars.toFixed(2)}` }).click();
  await expect(page).toHaveURL(/\/credits/);
}

/** How many pixels the page scrolls sideways (0 when it fits the viewport's width). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate<number>("document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth");
}
