import { expect, test } from "./fixtures.ts";
import { signInAsAdmin } from "./helpers.ts";
import { keepScreenshot } from "./screenshots.ts";

/*
 * An admin records a real demo for an automation from its page: the run goes through the real
 * worker with the e2e fake model, the admin chooses it, and visitors see it replayed. The
 * automation has no start URL, so the run reaches no outside site.
 */
const SLUG = "summarise-long-article";
const SIZES = [
  { name: "desktop", size: { width: 1280, height: 800 } },
  { name: "phone", size: { width: 390, height: 844 } },
];
test.setTimeout(90_000);

// One recording: the admin's and the visitor's pages are checked on a desktop and again on a phone
// (the viewport resized), instead of a recording per width.
test("an admin records a demo from the automation's page and visitors see it replayed, on a desktop and on a phone", async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAsAdmin(page);
  await page.goto(`/automations/${SLUG}`);
  const card = page.getByRole("region", { name: "Demo settings" });
  await expect(card).toBeVisible();
  // Left by an earlier run of this test on the same server: start without a demo.
  if (await card.getByRole("button", { name: "Remove Demo" }).isVisible()) {
    await card.getByRole("button", { name: "Remove Demo" }).click();
    await expect(card.getByText("No demo yet")).toBeVisible();
  }
  await expect(page.getByRole("region", { name: "Demo replay" })).toHaveCount(0);

  // The catalogue prompt has [placeholders]: the admin fills them in, then records.
  const prompt = `Summarise the article at https://example.com/articles/demo-${Date.now()}`;
  await expect(card.getByLabel("Prompt for the demo")).toHaveValue(/^Open \[article URL\]/);
  await card.getByLabel("Prompt for the demo").fill(prompt);
  await card.getByRole("button", { name: "Record Demo" }).click();
  await expect(page.getByText("Recording started")).toBeVisible();
  const row = card.getByRole("listitem").filter({ hasText: prompt });
  // The real worker runs it with the fake model; the list reads it again until it has ended.
  await expect(row.locator("[data-status]")).toHaveText("Success", { timeout: 30_000 });
  for (const { name, size } of SIZES) {
    await page.setViewportSize(size);
    await expect(row.getByRole("button", { name: "Use as Demo" })).toBeVisible();
    await keepScreenshot(page, `recorded-${name}.png`, { fullPage: true });
  }

  // Chosen on the phone.
  await row.getByRole("button", { name: "Use as Demo" }).click();
  await expect(page.getByText("Visitors now see this run replayed.")).toBeVisible();
  const automation = (await (await page.request.get(`/api/v1/automations/${SLUG}`)).json()) as { run_id: string | null };
  expect(automation.run_id).toMatch(/^[0-9a-f-]{36}$/);
  for (const { name, size } of SIZES) {
    await page.setViewportSize(size);
    await expect(row.getByText("Current demo")).toBeVisible();
    await expect(page.getByRole("region", { name: "Demo replay" })).toBeVisible();
    expect(await page.evaluate("document.scrollingElement.scrollWidth <= document.scrollingElement.clientWidth"), name).toBe(true);
    await keepScreenshot(page, `chosen-${name}.png`, { fullPage: true });
  }

  // A visitor sees the replay of that run, and no admin card.
  const visitor = await browser.newPage({ baseURL });
  await visitor.goto(`/automations/${SLUG}`);
  for (const { size } of SIZES) {
    await visitor.setViewportSize(size);
    const replay = visitor.getByRole("region", { name: "Demo replay" });
    await expect(replay).toBeVisible();
    await expect(replay.getByText(prompt)).toBeVisible();
    await expect(visitor.getByRole("region", { name: "Demo settings" })).toHaveCount(0);
  }
  await visitor.close();

  // Removing it takes the replay away again.
  await card.getByRole("button", { name: "Remove Demo" }).click();
  await expect(page.getByText("Visitors no longer see a replay.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Demo replay" })).toHaveCount(0);
});
