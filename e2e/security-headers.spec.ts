import { expect, test, type Page } from "./fixtures.ts";
import { signUp } from "./helpers.ts";

/*
 * The built app under its Content-Security-Policy and Permissions-Policy: every main page,
 * the live viewer in its frame, a dialog (Radix adds a <style> element with the page's nonce)
 * and a toast (sonner's styles, bundled) load and work with nothing refused. Chromium reports each
 * refusal on the console and as a `securitypolicyviolation` event; both are collected.
 */
test.setTimeout(90_000);

const RUN_URL = /\/tasks\/[0-9a-f-]{36}\/task-runs\/[0-9a-f-]{36}$/;
const POLICY_PROBLEM = /Content Security Policy|Refused to|securitypolicyviolation|Permissions-Policy|Permissions policy/i;

/** Everything the page and its frames report about the policies, from now on. */
async function watchPolicies(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (POLICY_PROBLEM.test(message.text())) problems.push(`${message.type()}: ${message.text()}`);
  });
  // In every frame, before the page's own scripts (injected by the browser, not subject to the policy).
  await page.context().addInitScript({
    content: `document.addEventListener("securitypolicyviolation", (event) => {
      console.error("securitypolicyviolation: " + event.violatedDirective + " blocked " + (event.blockedURI || "inline") + " in " + event.documentURI);
    });`,
  });
  return problems;
}

/** Opens a page and checks it was served with a nonce policy. */
async function visit(page: Page, url: string) {
  const response = await page.goto(url);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  await page.waitForLoadState("networkidle");
}

test("the public pages load with nothing refused by the policies", async ({ page, request }) => {
  const problems = await watchPolicies(page);
  const { automations } = (await (await request.get("/api/v1/automations")).json()) as { automations: { slug: string; name: string }[] };
  const automation = automations[0]!;

  await visit(page, "/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await visit(page, "/login");
  await expect(page.getByLabel("Email")).toBeVisible();
  await visit(page, "/docs");
  await expect(page.getByRole("heading", { name: "Authentication" })).toBeVisible();
  await visit(page, "/automations");
  await expect(page.getByRole("link", { name: automation.name }).first()).toBeVisible();
  await visit(page, `/automations/${automation.slug}`);
  await expect(page.getByRole("heading", { name: automation.name }).first()).toBeVisible();

  expect(problems).toEqual([]);
});

test("the signed-in app, a dialog, a toast and a task page with the live viewer load with nothing refused", async ({ page }) => {
  const problems = await watchPolicies(page);
  await signUp(page);
  await page.waitForLoadState("networkidle");

  await page.getByRole("button", { name: "Account menu" }).click();
  await expect(page.getByRole("menuitem", { name: "Sign Out" })).toBeVisible();
  await page.keyboard.press("Escape");

  await visit(page, "/api-keys");
  // A Radix dialog locks scrolling with a <style> element of its own: it must carry the nonce.
  await page.getByRole("button", { name: "Regenerate key" }).click();
  await expect(page.getByRole("dialog", { name: "Regenerate your API key?" })).toBeVisible();
  await expect(page.locator("head style[nonce]")).toHaveCount(1);
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  // A toast (sonner, its styles bundled): copying the key says whether it worked.
  await page.getByRole("button", { name: "Copy API key" }).click();
  await expect(page.getByText(/API key copied|Could not copy/).first()).toBeVisible();

  // A task page with the live viewer framed in it (its page, its socket, its frames).
  await visit(page, "/dashboard");
  await page.getByLabel("Prompt").fill("[e2e:human] Pass the human check");
  await page.getByRole("button", { name: "Execute" }).click();
  await expect(page).toHaveURL(RUN_URL, { timeout: 15_000 });
  await page.getByRole("button", { name: "Watch live" }).click();
  const frame = page.frameLocator('iframe[title="Live browser of this run"]');
  await expect(frame.getByText("Live", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(frame.getByText("Watching — the agent is in control")).toBeVisible();
  // The run waits for a person: end it rather than leave it holding a browser.
  await page.getByRole("button", { name: "Cancel run" }).click();
  await expect(page.getByRole("definition").locator("[data-status]")).toHaveText(/Cancel/, { timeout: 15_000 });

  expect(problems).toEqual([]);
});
