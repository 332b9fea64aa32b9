import { expect, test } from "./fixtures.ts";
import { signOut, signUpThroughForm as signUp, uniqueEmail } from "./helpers.ts";

test("a new person signs up, lands on the dashboard with 5 free prompts, signs out and logs back in", async ({ page }) => {
  const { email, password } = await signUp(page);
  await expect(page.getByText("Account created successfully")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle("Errand Dashboard");
  await expect(page.getByText(/Free prompts:\s*5/)).toBeVisible();
  // The avatar falls back to the e-mail's first letter.
  await expect(page.getByRole("button", { name: "Account menu" })).toHaveText(email[0]!.toUpperCase());

  await signOut(page);
  await expect(page.getByText("Signed out successfully")).toBeVisible();

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Login successful")).toBeVisible();
});

test("signup without ticking the terms shows Terms Required and creates nothing", async ({ page }) => {
  const email = uniqueEmail();
  await page.goto("/signup");
  await expect(page.getByText(/5 free prompts/)).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("secret123");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Terms Required")).toBeVisible();
  await expect(page.getByText("You must agree to the Terms of Service and Privacy Policy.")).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);

  // The account was not created: logging in with it fails.
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("secret123");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Login failed")).toBeVisible();
  await expect(page.getByText("Invalid email or password")).toBeVisible();
});

test("signing up twice with one e-mail says why it failed", async ({ page, browser }) => {
  const { email } = await signUp(page);
  const other = await browser.newPage();
  await other.goto("/signup");
  await other.getByLabel("Email").fill(email);
  await other.getByLabel("Password", { exact: true }).fill("another123");
  await other.getByRole("checkbox", { name: /I agree/ }).check();
  await other.getByRole("button", { name: "Create account" }).click();
  await expect(other.getByText("Signup failed")).toBeVisible();
  await expect(other.getByText(/already exists/i)).toBeVisible();
  await other.close();
});

test("the password can be shown and hidden", async ({ page }) => {
  await page.goto("/login");
  const password = page.getByLabel("Password", { exact: true });
  await password.fill("visible?");
  await expect(password).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Hide password" }).click();
  await expect(password).toHaveAttribute("type", "password");
});

test("a signed-in visitor of / and /login goes to the dashboard", async ({ page }) => {
  await signUp(page);
  await page.goto("/");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/login");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("Sign Out still signs the person out when the session was already ended elsewhere", async ({ page }) => {
  await signUp(page);
  // The session ends on the server (as after a password reset or a sign-out in another tab).
  const ended = await page.evaluate(
    `fetch("/api/auth/sign-out", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }).then((r) => r.status)`,
  );
  expect(ended).toBe(200);
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(/^Signed out/)).toBeVisible();
  await expect(page.getByText("You have been logged out.")).toBeVisible();
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
});

test("a session refresh the server cannot answer keeps the person signed in; a session that ended signs them out", async ({ page }) => {
  await signUp(page);
  const refresh = () => page.evaluate(`window.dispatchEvent(new Event("visibilitychange"))`);
  // The server is busy or restarting: the session cannot be read for a while.
  let refused = 0;
  await page.route("**/api/auth/get-session", (route) => {
    refused += 1;
    return route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "unavailable", message: "Try again." } }),
    });
  });
  await refresh();
  await expect.poll(() => refused).toBeGreaterThan(0);
  await page.getByRole("link", { name: "Tasks", exact: true }).first().click();
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(page.getByRole("heading", { name: "Task History" })).toBeVisible();

  // Once the server answers again and says the session ended, the page goes to login.
  await page.unroute("**/api/auth/get-session");
  expect(
    await page.evaluate(
      `fetch("/api/auth/sign-out", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }).then((r) => r.status)`,
    ),
  ).toBe(200);
  await refresh();
  await expect(page).toHaveURL(/\/login$/);
});

test("the webhook signing secret is shown on request, copied, and the same the API gives", async ({ page, context, request }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signUp(page);
  await page.goto("/api-keys");
  await expect(page.getByText("errand-signature").first()).toBeVisible();
  await page.getByRole("button", { name: "Show secret" }).click();
  const secret = page.getByLabel("Webhook signing secret", { exact: true });
  await expect(secret).toHaveText(/^whsec_[A-Za-z0-9_-]{32}$/);
  const value = (await secret.textContent())!.trim();
  await page.getByRole("button", { name: "Copy webhook signing secret" }).click();
  await expect(page.getByText("Secret copied")).toBeVisible();
  expect(await page.evaluate<string>("navigator.clipboard.readText()")).toBe(value);

  await page.getByRole("button", { name: "Show API key" }).click();
  const key = (await page.getByLabel("API key", { exact: true }).textContent())!.trim();
  const fromApi = await request.get("/api/v1/account/webhook-secret", { headers: { "x-api-key": key } });
  expect(await fromApi.json()).toEqual({ webhook_secret: value });
});

test("Delete account asks for the e-mail, says plainly why a last owner is refused, then signs out to the home page", async ({
  page,
  baseURL,
}) => {
  const { email } = await signUp(page);
  // A team workspace the account is the last owner of, made through the API: the app stays in the personal one.
  const made = await page.request.post("/api/v1/workspaces", { data: { name: "Growth" }, headers: { origin: baseURL! } });
  expect(made.status()).toBe(201);
  const team = (await made.json()) as { id: string };

  await page.goto("/workspace");
  await page.getByRole("button", { name: "Delete account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  const confirm = dialog.getByLabel(/Type your e-mail/);
  await confirm.fill("someone-else@example.com");
  await dialog.getByRole("button", { name: "Delete account" }).click();
  await expect(dialog.getByText(`Type ${email} to confirm`)).toBeVisible();
  await confirm.fill(email.toUpperCase());
  await dialog.getByRole("button", { name: "Delete account" }).click();
  await expect(dialog.getByText('You are the last owner of the workspace "Growth": make another member an owner')).toBeVisible();

  const gone = await page.request.delete(`/api/v1/workspaces/${team.id}`, { headers: { origin: baseURL!, "x-errand-workspace": team.id } });
  expect(gone.status()).toBe(204);
  await dialog.getByRole("button", { name: "Delete account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Login" }).first()).toBeVisible();
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
});
