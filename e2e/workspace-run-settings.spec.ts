import { expect, test, type Page } from "./fixtures.ts";
import { atBothWidths, createAccount } from "./helpers.ts";

/*
 * The Workspace page's Runs card: the default allowed domains
 * (docs/adr/0049-messages-and-allowed-domains.md) and how long recordings are kept
 * (docs/adr/0056-recording-retention.md). Shown at 1280 and 360 px; at 360 px each refused value
 * is told at its field, then both are saved and read back after a reload.
 */
const sideways = (page: Page) => page.evaluate<number>("document.documentElement.scrollWidth - document.documentElement.clientWidth");

test("an owner sets the workspace's default allowed domains and recording retention, each checked at its field, at 1280 and 360 px", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await createAccount(page);
  await page.goto("/workspace");
  const form = page.getByRole("form", { name: "Run settings" });
  const domains = form.getByLabel("Default allowed domains");
  const days = form.getByLabel("Keep recordings for (days)");
  await atBothWidths(page, async () => {
    await days.scrollIntoViewIfNeeded();
    await expect(domains).toHaveValue("");
    await expect(days).toHaveValue("");
    await expect(days).toBeInViewport();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
  });

  // At 360 px now.
  await domains.fill("example.com, https://shop.test/cart");
  await days.fill("0");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText(/"https:\/\/shop\.test\/cart" is not a domain; give a host name such as example\.com/)).toBeVisible();
  await expect(
    form.getByText("Give a whole number of days from 1 to 3650, or leave it empty to keep recordings as long as their runs."),
  ).toBeVisible();
  await expect(days).toHaveAttribute("aria-invalid", "true");

  await domains.fill("example.com, *.shop.test");
  await days.fill("30");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Run settings saved").first()).toBeVisible();
  await page.reload();
  await expect(domains).toHaveValue("example.com, *.shop.test");
  await expect(days).toHaveValue("30");
  expect(await sideways(page)).toBeLessThanOrEqual(0);
});
