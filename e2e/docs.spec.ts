import { expect, test } from "./fixtures.ts";

test("/docs is an API reference built from the OpenAPI document", async ({ page }) => {
  await page.goto("/docs");
  await expect(page).toHaveTitle("API Reference | Errand");
  await expect(page.getByRole("heading", { name: "Authentication" })).toBeVisible();
  await expect(page.getByText(/Send your API key in the x-api-key header/)).toBeVisible();
  await expect(page.getByRole("link", { name: "API Keys" }).first()).toHaveAttribute("href", "/api-keys");

  const createRun = page.locator("#post-runs");
  const title = createRun.getByRole("heading", { level: 3 });
  await expect(title).toContainText("POST");
  await expect(title).toContainText("/runs");
  await expect(createRun).toContainText("prompt");
  // Its example, in curl first, then through each SDK.
  const examples = createRun.getByRole("tablist", { name: "Example in" });
  await expect(createRun.getByRole("tabpanel")).toContainText("curl -X POST");
  await examples.getByRole("tab", { name: "Python" }).click();
  await expect(createRun.getByRole("tabpanel")).toContainText("print(errand.runs.create({");
  await examples.getByRole("tab", { name: "TypeScript" }).click();
  await expect(createRun.getByRole("tabpanel")).toContainText('import { Errand } from "@errand/sdk";');
  // The side list links to it.
  await page.getByRole("navigation", { name: "API reference" }).locator('a[href="#post-runs"]').click();
  await expect(page).toHaveURL(/#post-runs$/);
  await expect(createRun).toBeInViewport();
});
