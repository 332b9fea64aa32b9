import { expect, test, type APIRequestContext, type Page } from "./fixtures.ts";
import { buyCredits, createAccount, openInApp, pollRunStatus, signUp } from "./helpers.ts";

/*
 * The limits a person can meet (docs/security.md, "Limits and their defaults"), as they meet them: what the balance pays for, how
 * many runs may wait, and a locked sign-in. Each says what happened in the product's words.
 */

async function apiKeyOf(page: Page): Promise<string> {
  const res = await page.request.get("/api/v1/account/api-key");
  return ((await res.json()) as { api_key: string }).api_key;
}

const createRun = (request: APIRequestContext, key: string, body: Record<string, unknown>) =>
  request.post("/api/v1/runs", { headers: { "x-api-key": key }, data: body });

async function waitUntilEnded(request: APIRequestContext, key: string, ids: string[]) {
  for (const id of ids) {
    await pollRunStatus(request, key, id).not.toBe("pending");
  }
}

async function buy(page: Page, dollars: number) {
  await buyCredits(page, dollars);
  await expect(page.getByText("Payment received")).toBeVisible();
}

test("a run the credits cannot pay in full says how long it may last", async ({ page, request }) => {
  test.setTimeout(90_000);
  await createAccount(page);
  const key = await apiKeyOf(page);
  // Use up the free prompts.
  const free = await Promise.all(
    Array.from({ length: 5 }, () => createRun(request, key, { prompt: "[e2e:table] free prompt", session_timeout: 30 })),
  );
  await waitUntilEnded(request, key, await Promise.all(free.map(async (r) => ((await r.json()) as { id: string }).id)));
  await buy(page, 3);

  await openInApp(page, "/dashboard");
  await page.getByLabel("Prompt").fill("[e2e:table] List the customers with their revenue");
  await page.getByRole("button", { name: "Advanced Parameters" }).click();
  await page.getByLabel("Session Timeout").fill("3600");
  await page.getByRole("button", { name: "Execute" }).click();
  // $3 is 30,000 credit units at 23 a second.
  await expect(page.getByText("Your credits cover 1304 s of this 3600 s run.").first()).toBeVisible();
  await expect(page).toHaveURL(/\/tasks\//);
  await expect(page.getByRole("note")).toContainText("Your credits cover 1304 s of this 3600 s run.");
});

test("one account cannot queue more than its limit of runs, and is told why", async ({ page, request }) => {
  test.setTimeout(90_000);
  await createAccount(page);
  await buy(page, 3);
  const key = await apiKeyOf(page);
  const ids: string[] = [];
  try {
    // Runs that stay running, doing nothing, until cancelled.
    for (let i = 0; i < 10; i++) {
      const res = await createRun(request, key, { prompt: "[e2e:hold] wait for me", session_timeout: 30 });
      expect(res.status()).toBe(201);
      ids.push(((await res.json()) as { id: string }).id);
    }
    const refused = await createRun(request, key, { prompt: "one more", session_timeout: 30 });
    expect(refused.status()).toBe(429);

    await openInApp(page, "/dashboard");
    await page.getByLabel("Prompt").fill("And another one");
    await page.getByRole("button", { name: "Execute" }).click();
    await expect(page.getByText("Too Many Runs")).toBeVisible();
    await expect(page.getByText("You already have 10 runs waiting or running. Wait for one to finish, then try again.")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
  } finally {
    for (const id of ids) await request.post(`/api/v1/runs/${id}/cancel`, { headers: { "x-api-key": key } });
  }
});

test("a locked sign-in says how long to wait", async ({ page }) => {
  const { email, password } = await signUp(page);
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  for (let i = 0; i < 5; i++) {
    const res = await page.request.post("/api/auth/sign-in/email", {
      data: { email, password: `wrong-${i}` },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(res.status()).toBe(401);
  }
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText(/Too many failed sign-ins for this account\. Try again in \d+ seconds?\./)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
