import { readFileSync } from "node:fs";
import { expect, test } from "./fixtures.ts";
import { USE_CASE_TABS } from "@errand/content/use-cases";
import { INTEGRATIONS } from "@errand/content/integrations";
import { uniqueEmail } from "./helpers.ts";

test("the home prompt is kept through sign-up and pre-fills the dashboard", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle("Errand | Automate web tasks with simple prompts");
  const prompt = page.getByRole("textbox", { name: "Describe your web task" });
  await expect(prompt).toHaveAttribute("placeholder", "Enter your prompt...");
  await prompt.fill("  Find the 10 cheapest flights from Paris to Lisbon next Friday  ");
  // Shift+Enter is a new line, not a submit.
  await prompt.press("Shift+Enter");
  await expect(page).toHaveURL(/\/$/);
  await prompt.press("Enter");
  await expect(page).toHaveURL(/\/login$/);
  // The address changes first; the page follows once its code has loaded. Act on the page shown.
  await expect(page.getByRole("heading", { name: "Login" })).toBeVisible();

  await page.getByRole("main").getByRole("link", { name: "Sign up", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Create an account" })).toBeVisible();
  await page.getByLabel("Email").fill(uniqueEmail("home"));
  await page.getByLabel("Password", { exact: true }).fill("secret123");
  await page.getByRole("checkbox", { name: /I agree/ }).check();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByLabel("Prompt")).toHaveValue("Find the 10 cheapest flights from Paris to Lisbon next Friday");
});

test("an empty home prompt stores nothing and still goes to login", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Try for Free" }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate("localStorage.getItem('errand.task-draft')")).toBeNull();
});

test("the use-case tabs switch their four cards, by mouse and keyboard", async ({ page }) => {
  await page.goto("/");
  const tablist = page.getByRole("tablist", { name: "Use cases by team" });
  await expect(tablist.getByRole("tab")).toHaveText(["Featured", "Sales", "Marketing", "Start-ups"]);
  const panel = page.getByRole("tabpanel");
  for (const tab of USE_CASE_TABS) {
    await tablist.getByRole("tab", { name: tab.label }).click();
    await expect(tablist.getByRole("tab", { name: tab.label })).toHaveAttribute("aria-selected", "true");
    await expect(panel.getByRole("link")).toHaveCount(4);
    for (const card of tab.cards) {
      await expect(panel.getByRole("link", { name: card.title })).toHaveAttribute("href", `/automations/${card.slug}`);
    }
  }
  await tablist.getByRole("tab", { name: "Start-ups" }).press("ArrowRight");
  await expect(tablist.getByRole("tab", { name: "Featured" })).toBeFocused();
  await expect(tablist.getByRole("tab", { name: "Featured" })).toHaveAttribute("aria-selected", "true");

  // A card opens its automation.
  const first = USE_CASE_TABS[0]!.cards[0];
  await panel.getByRole("link", { name: first.title }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(first.title);
});

test("pricing shows the three plans with the spec's figures", async ({ page }) => {
  await page.goto("/#pricing");
  const pricing = page.locator("section#pricing");
  await expect(pricing).toBeInViewport();
  await expect(pricing).toContainText("$0.0023");
  for (const text of ["Basic automation", "Priority execution", "API access", "Dedicated account manager", "24/7 support", "PayPal"]) {
    await expect(pricing).toContainText(new RegExp(text, "i"));
  }
  await pricing.getByRole("link", { name: "Contact Sales" }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

for (const [name, content] of Object.entries(INTEGRATIONS)) {
  test(`the ${content.label} integration page has its own content`, async ({ page }) => {
    // The -integration suffix is added when missing.
    await page.goto(`/${name}`);
    await expect(page).toHaveURL(new RegExp(`/${name}-integration$`));
    await expect(page).toHaveTitle(`${content.label} Integration | Errand`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(content.headline);
    await expect(page.getByRole("heading", { name: "Powerful Features" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Common Use Cases" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Ready-to-Use Templates" })).toBeVisible();
    const faq = content.faqs[0]!;
    const question = page.getByText(faq.question, { exact: true });
    await question.click();
    await expect(page.getByText(faq.answer)).toBeVisible();
    await expect(page.getByRole("link", { name: "Start Free Trial" }).last()).toHaveAttribute("href", "/signup");
  });
}

test("the n8n page's templates download as the workflow files n8n imports", async ({ page }) => {
  await page.goto("/n8n-integration");
  for (const template of INTEGRATIONS.n8n.templates) {
    const link = page.getByRole("link", { name: `Download ${template.title} template` });
    await expect(link).toHaveAttribute("href", template.download!);
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe(template.download!.split("/").pop());
    const workflow = JSON.parse(readFileSync(await download.path(), "utf8")) as { name: string; nodes: unknown[] };
    expect(workflow.name).toBe(template.title);
  }
});

test("an unknown integration name goes to the not-found page", async ({ page }) => {
  await page.goto("/nonsense-integration");
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
});

test("the features page has its five sections, the comparison and the calls to action", async ({ page }) => {
  await page.goto("/features");
  await expect(page).toHaveTitle("Features | Errand");
  await expect(page.getByRole("table", { name: /Errand compared with/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "Contact Sales" })).toHaveAttribute("href", "/contact");
  await expect(page.getByRole("link", { name: "Start Free Trial" }).last()).toHaveAttribute("href", "/signup");
});

test("crawlers read the home, features and integration pages' meta in plain HTML", async ({ request }) => {
  for (const [path, title] of [
    ["/", "Errand | Automate web tasks with simple prompts"],
    ["/features", "Features | Errand"],
    ["/zapier-integration", "Zapier Integration | Errand"],
    ["/automations", "Automations | Errand"],
  ] as const) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain(`<title data-ssr>${title}</title>`);
    expect(html, path).toMatch(/<meta data-ssr name="description" content="[^"]{40,}">/);
    expect(html, path).toMatch(/<link data-ssr rel="canonical" href="http:\/\/localhost:\d+\//);
  }
});
