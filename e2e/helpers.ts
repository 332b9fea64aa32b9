import { expect, type APIRequestContext, type Page, type Response } from "@playwright/test";
import { e2eEnv } from "./e2e-env.ts";

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

/** Fills and sends the /signup screen; answers the sign-up request's response. */
export async function submitSignUpForm(page: Page, email: string, password = "secret123"): Promise<Response> {
  await page.goto("/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("checkbox", { name: /I agree/ }).check();
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/auth/sign-up/email")),
    page.getByRole("button", { name: "Create account" }).click(),
  ]);
  return response;
}

/** Signs up through the /signup screen and waits for the dashboard. */
export async function signUpThroughForm(page: Page, email = uniqueEmail(), password = "secret123") {
  await submitSignUpForm(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  return { email, password };
}

/** Logs in through the /login screen (it does not wait for where the login leads). */
export async function logIn(page: Page, email: string, password = "secret123") {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

/** The one admin account of the e2e server (ADMIN_EMAILS). */
export const ADMIN_EMAIL = "admin@errand.test";

/** Signs in as the admin: signs up the first time, logs in afterwards; waits for the dashboard. */
export async function signInAsAdmin(page: Page) {
  if ((await submitSignUpForm(page, ADMIN_EMAIL)).status() !== 200) await logIn(page, ADMIN_EMAIL);
  await expect(page).toHaveURL(/\/dashboard$/);
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

/** A run's status through the public API, polled until it passes the caller's matcher (30 s). */
export function pollRunStatus(request: APIRequestContext, key: string, id: string) {
  const status = async () =>
    ((await (await request.get(`/api/v1/runs/${id}`, { headers: { "x-api-key": key } })).json()) as { status: string }).status;
  return expect.poll(status, { timeout: 30_000 });
}

/** Creates a task with a run through the API as the signed-in page, and opens its Advanced Parameters. */
export async function openNewTaskParameters(page: Page, baseURL: string, prompt: string) {
  const created = await page.request.post("/api/v1/runs", { headers: { origin: baseURL }, data: { prompt } });
  expect(created.status()).toBe(201);
  const run = (await created.json()) as { id: string; task_id: string };
  await page.goto(`/tasks/${run.task_id}`);
  await page.getByRole("button", { name: "Advanced Parameters" }).click();
  return run;
}

/**
 * Runs the checks at a desktop's width, then again at a phone's, on the page as it is: the
 * viewport resized instead of the whole flow (sign-up, runs) repeated per width.
 */
export async function atBothWidths(page: Page, check: (width: number) => Promise<void>, height = 800) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height });
    await check(width);
  }
}

/** Where a run's page is. */
export const RUN_URL = /\/tasks\/[0-9a-f-]{36}\/task-runs\/[0-9a-f-]{36}$/;

/** Runs a prompt from the dashboard with a saved login chosen in Advanced Parameters; waits for the run's page. */
export async function runWithAuthContext(page: Page, prompt: string, authContext: string) {
  await page.goto("/dashboard");
  await page.getByLabel("Prompt").fill(prompt);
  await page.getByRole("button", { name: "Advanced Parameters" }).click();
  await page.getByLabel("Auth Context", { exact: true }).selectOption({ label: authContext });
  await page.getByRole("button", { name: "Execute" }).click();
  await expect(page).toHaveURL(RUN_URL, { timeout: 15_000 });
}

/** Opens where the workspaces are listed: the switcher's menu, or the mobile menu on a phone. */
export async function openWorkspaces(page: Page, phone: boolean) {
  if (phone) await page.getByRole("button", { name: "Open menu" }).click();
  else await page.getByRole("button", { name: /^Workspace: / }).click();
}

/** Creates a team workspace from the switcher (or the mobile menu) and waits until the app acts in it. */
export async function createTeamWorkspace(page: Page, phone: boolean, name: string) {
  await openWorkspaces(page, phone);
  if (phone) await page.getByRole("button", { name: "Create workspace" }).click();
  else await page.getByRole("menuitem", { name: "Create workspace" }).click();
  const dialog = page.getByRole("dialog", { name: "Create workspace" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("button", { name: "Create workspace" }).click();
  await expect(page.getByText(`You are now in ${name}.`)).toBeVisible();
}

/** The invitation link from the last mail to `to` sent after `after` (the server's SMTP goes to the e2e capture). */
export async function invitationLink(page: Page, to: string, after: number): Promise<string> {
  const mail = await (await page.request.get(`${e2eEnv().controlUrl}/mail?to=${encodeURIComponent(to)}&after=${after}`)).json();
  expect(mail.subject).toMatch(/invited you to .+ on Errand$/);
  return /(http:\/\/\S+\/invitations\/[\w-]+)/.exec(mail.text)![1]!;
}
