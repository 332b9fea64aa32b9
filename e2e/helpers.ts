import { expect, type APIRequestContext, type Page, type Response } from "@playwright/test";
import { e2eEnv } from "./e2e-env.ts";

export const uniqueEmail = (tag = "e2e") => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;

/**
 * A new account, signed in, with no page opened: made through the API the signup screen calls,
 * its session cookie lands in the page's browser context, so the test's first page.goto opens the
 * app signed in. One document load fewer than signUp, for a test whose first page is not the
 * dashboard (docs/benchmarks.md, "Fewer page loads in e2e").
 */
export async function createAccount(page: Page, email = uniqueEmail(), password = "secret123") {
  const response = await page.request.post("/api/auth/sign-up/email", { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return { email, password };
}

/**
 * A new account, signed in, on the dashboard (createAccount, then the dashboard loaded); the
 * screen itself is tried by accounts.spec.ts with signUpThroughForm.
 */
export async function signUp(page: Page, email = uniqueEmail(), password = "secret123") {
  await createAccount(page, email, password);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  return { email, password };
}

/**
 * Opens `path` in the app the page already shows, through the app's own router (React Router
 * follows popstate, as on Back), instead of loading the document again: a load of the app costs
 * the test browser's renderer about 0.6 CPU-seconds (docs/benchmarks.md, "Fewer page loads in
 * e2e"). Loads it with page.goto when the page is not the app (a blank page, another origin).
 * Returns once nothing of the page it left is in <main>, so the next check reads the new page.
 *
 * The app's fetched data stays cached (30 s fresh by default, apps/web/src/app.tsx): after a change
 * made around the app (page.request, another page), a page whose data this document already read
 * needs page.goto. `sameComponent`: the new path shows the same page component (another run of a
 * task), which React keeps instead of replacing.
 */
export async function openInApp(page: Page, path: string, options: { sameComponent?: boolean } = {}) {
  const here = page.url().startsWith("http") ? new URL(page.url()) : undefined;
  const target = new URL(path, here ?? "http://invalid");
  const onApp = here?.origin === target.origin && (await page.locator("main#main").count()) === 1;
  if (!onApp || !here) {
    await page.goto(path);
    return;
  }
  // Already there (and so already read): nothing to move.
  if (target.href === here.href) return;
  if (!options.sameComponent)
    await page.evaluate(`for (const el of document.querySelector("main").children) el.setAttribute("data-e2e-left", "")`);
  const to = JSON.stringify(`${target.pathname}${target.search}${target.hash}`);
  // The state React Router's history keeps (idx counts entries), so Back and the app's own moves still work after it.
  await page.evaluate(`{
    const idx = (history.state && typeof history.state.idx === "number" ? history.state.idx : 0) + 1;
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, "", ${to});
    dispatchEvent(new PopStateEvent("popstate", { state: history.state }));
  }`);
  if (!options.sameComponent) await expect(page.locator("main > [data-e2e-left]")).toHaveCount(0);
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

/**
 * Signs the page's browser context in as the admin through the API (signing up the first time),
 * with no page opened: the test's next page.goto is its first load.
 */
export async function signInAsAdmin(page: Page) {
  const data = { email: ADMIN_EMAIL, password: "secret123" };
  const signedUp = await page.request.post("/api/auth/sign-up/email", { data });
  if (signedUp.status() === 200) return;
  const signedIn = await page.request.post("/api/auth/sign-in/email", { data, headers: { origin: new URL(signedUp.url()).origin } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
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
  // A task this page has not read yet: the app's router opens it with fresh data.
  await openInApp(page, `/tasks/${run.task_id}`);
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
  await openInApp(page, "/dashboard");
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
