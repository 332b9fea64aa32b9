import { expect, test } from "@playwright/test";
import { signInAsAdmin } from "./helpers.ts";
import { keepScreenshot } from "./screenshots.ts";

/*
 * An admin records a real demo for an automation from its page: the run goes through the real
 * worker with the e2e fake model, the admin chooses it, and visitors see it replayed. The
 * automation has no start URL, so the run reaches no outside site.
 */
const SLUG = "summarise-long-article";
test.setTimeout(90_000);
// One after the other: both change the same automation's demo.
test.describe.configure({ mode: "default" });

for (const viewport of [
  { name: "desktop", size: { width: 1280, height: 800 } },
  { name: "phone", size: { width: 390, height: 844 } },
]) {
  test(`an admin records a demo from the automation's page and visitors see it replayed (${viewport.name})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.setViewportSize(viewport.size);
    await signInAsAdmin(page);
    await page.goto(`/automations/${SLUG}`);
    const card = page.getByRole("region", { name: "Demo settings" });
    await expect(card).toBeVisible();
    // Left by the other viewport's run of this test: start without a demo.
    if (await card.getByRole("button", { name: "Remove Demo" }).isVisible()) {
      await card.getByRole("button", { name: "Remove Demo" }).click();
      await expect(card.getByText("No demo yet")).toBeVisible();
    }
    await expect(page.getByRole("region", { name: "Demo replay" })).toHaveCount(0);

    // The catalogue prompt has [placeholders]: the admin fills them in, then records.
    const prompt = `Summarise the article at https://example.com/articles/${viewport.name}-${Date.now()}`;
    await expect(card.getByLabel("Prompt for the demo")).toHaveValue(/^Open \[article URL\]/);
    await card.getByLabel("Prompt for the demo").fill(prompt);
    await card.getByRole("button", { name: "Record Demo" }).click();
    await expect(page.getByText("Recording started")).toBeVisible();
    const row = card.getByRole("listitem").filter({ hasText: prompt });
    // The real worker runs it with the fake model; the list reads it again until it has ended.
    await expect(row.locator("[data-status]")).toHaveText("Success", { timeout: 30_000 });
    await keepScreenshot(page, `recorded-${viewport.name}.png`, { fullPage: true });

    await row.getByRole("button", { name: "Use as Demo" }).click();
    await expect(page.getByText("Visitors now see this run replayed.")).toBeVisible();
    await expect(row.getByText("Current demo")).toBeVisible();
    await expect(page.getByRole("region", { name: "Demo replay" })).toBeVisible();
    const automation = (await (await page.request.get(`/api/v1/automations/${SLUG}`)).json()) as { run_id: string | null };
    expect(automation.run_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await page.evaluate("document.scrollingElement.scrollWidth <= document.scrollingElement.clientWidth")).toBe(true);
    await keepScreenshot(page, `chosen-${viewport.name}.png`, { fullPage: true });

    // A visitor sees the replay of that run, and no admin card.
    const visitor = await browser.newPage({ baseURL, viewport: viewport.size });
    await visitor.goto(`/automations/${SLUG}`);
    const replay = visitor.getByRole("region", { name: "Demo replay" });
    await expect(replay).toBeVisible();
    await expect(replay.getByText(prompt)).toBeVisible();
    await expect(visitor.getByRole("region", { name: "Demo settings" })).toHaveCount(0);
    await visitor.close();

    // Removing it takes the replay away again.
    await card.getByRole("button", { name: "Remove Demo" }).click();
    await expect(page.getByText("Visitors no longer see a replay.")).toBeVisible();
    await expect(page.getByRole("region", { name: "Demo replay" })).toHaveCount(0);
  });
}
