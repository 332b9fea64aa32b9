import { expect, test } from "./fixtures.ts";
import { openInApp, signUp } from "./helpers.ts";

for (const path of ["/dashboard", "/tasks", "/tasks/abc/task-runs/def", "/credits", "/api-keys", "/auth-contexts/new"]) {
  test(`signed out, ${path} redirects to /login`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
    // Replace, not push: Back does not return to the protected page.
    expect(await page.evaluate<number>("history.length")).toBeLessThanOrEqual(2);
  });
}

test("an unknown path shows the not-found page with a link home", async ({ page }) => {
  await page.goto("/this/does/not/exist");
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  await page.getByRole("link", { name: /home/i }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("integration names are normalised and unknown ones go to /404", async ({ page }) => {
  await page.goto("/zapier");
  await expect(page).toHaveURL(/\/zapier-integration$/);
  await page.goto("/n8n-integration");
  await expect(page).toHaveURL(/\/n8n-integration$/);
  await page.goto("/nonsense");
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
});

test("the signed-in tab bar highlights the current area", async ({ page }) => {
  await signUp(page);
  const tabs = page.getByRole("navigation", { name: "Workspace" });
  await openInApp(page, "/tasks/some-task/task-runs/some-run");
  await expect(tabs.getByRole("link", { name: "Tasks" })).toHaveAttribute("aria-current", "page");
  await openInApp(page, "/auth-contexts/new");
  await expect(tabs.getByRole("link", { name: "Auth Contexts" })).toHaveAttribute("aria-current", "page");
  await tabs.getByRole("link", { name: "Credits" }).click();
  await expect(page).toHaveURL(/\/credits$/);
  await expect(tabs.getByRole("link", { name: "Credits" })).toHaveAttribute("aria-current", "page");
});

test("the Integrations menu opens by keyboard and leads to a landing page", async ({ page }) => {
  await page.goto("/features");
  const trigger = page.getByRole("button", { name: /Integrations/ });
  await trigger.focus();
  await page.keyboard.press("Enter");
  await page.getByRole("menuitem", { name: "Make" }).click();
  await expect(page).toHaveURL(/\/make-integration$/);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the mobile menu repeats the links", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: /mobile/i });
    for (const name of ["Automations", "Features", "Docs", "Make", "Zapier", "n8n"]) {
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await menu.getByRole("link", { name: "Features" }).click();
    await expect(page).toHaveURL(/\/features$/);
  });
});
