import { expect, test, type Page } from "./fixtures.ts";
import { atBothWidths, createAccount, openInApp, openNewTaskParameters, sidewaysOverflow } from "./helpers";
import { keepScreenshot } from "./screenshots";

/**
 * Proxy pools on the Auth Contexts page (ADR 0010): added with the API's field errors at their
 * fields, listed without credentials, chosen with a country in a task's Advanced Parameters,
 * offered in the saved-login wizard, and deleted.
 */
const PASSWORD = "e2e-Proxy-pa55word";
const card = (page: Page) => page.getByRole("region", { name: "Proxies" });

// One flow: what a phone shows differently (the card, the task page, the wizard) is checked at
// 1280 px and again at 360 px by resizing, not by a second sign-up and run; after the first check
// the flow goes on at 360 px.
test("a proxy pool is added, listed without credentials, chosen for a task and deleted, at 1280 and 360 px", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await createAccount(page);
  await page.goto("/auth-contexts");
  const proxies = card(page);
  await expect(proxies.getByText(/^No proxy pools yet\./)).toBeVisible();

  await proxies.getByRole("button", { name: "Add proxy pool" }).click();
  const dialog = page.getByRole("dialog", { name: "Add proxy pool" });
  await dialog.getByLabel("Name", { exact: true }).fill("EU Residential");
  await dialog.getByLabel("Proxies").fill("ftp://proxy.example.com");
  await dialog.getByRole("button", { name: "Add proxy pool" }).click();
  await expect(dialog.getByText("Name must be lowercase letters, digits and dashes, like residential-eu")).toBeVisible();
  await expect(dialog.getByText("Line 1: Proxy URL must start with http://, https:// or socks5://")).toBeVisible();
  await expect(dialog.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");

  await dialog.getByLabel("Name", { exact: true }).fill("eu-residential");
  await dialog
    .getByLabel("Proxies")
    .fill(`http://alice:${PASSWORD}@de.proxy.example:8080 de\nhttp://user-{session}:${PASSWORD}@fr.proxy.example:8080 fr`);
  await dialog.getByRole("button", { name: "Add proxy pool" }).click();
  await expect(dialog).toBeHidden();

  const row = proxies.getByRole("listitem").filter({ hasText: "eu-residential" });
  await expect(row.getByText("2 proxies in DE, FR: http://de.proxy.example:8080, http://fr.proxy.example:8080")).toBeVisible();
  await expect(row.getByText("Round-robin")).toBeVisible();
  const html = await page.content();
  for (const secret of [PASSWORD, "alice"]) expect(html).not.toContain(secret);
  await atBothWidths(page, async (width) => {
    expect(await sidewaysOverflow(page), `sideways scroll at ${width} px`).toBe(0);
    await keepScreenshot(proxies, `proxies-card-${width}.png`);
  });

  // Edit: a saved proxy is removed; the other keeps its credentials.
  await row.getByRole("button", { name: "Edit eu-residential" }).click();
  const edit = page.getByRole("dialog", { name: "Edit eu-residential" });
  await expect(edit.getByText("credentials saved")).toHaveCount(2);
  await edit.getByRole("button", { name: "Remove http://fr.proxy.example:8080" }).click();
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit).toBeHidden();
  await expect(row.getByText("1 proxy in DE: http://de.proxy.example:8080")).toBeVisible();

  // Chosen in a task's Advanced Parameters, with a country.
  const run = await openNewTaskParameters(page, baseURL!, "Compare the prices");
  await page.getByLabel("Proxy", { exact: true }).selectOption("eu-residential");
  await page.getByLabel("Country", { exact: true }).fill("fr");
  await page.getByRole("button", { name: "Save Task" }).click();
  // The pool has no proxy in France any more: the API's words, under the field.
  await expect(page.getByText("The proxy pool eu-residential has no proxy in FR (it offers DE).")).toBeVisible();
  await page.getByLabel("Country", { exact: true }).fill("de");
  await page.getByRole("button", { name: "Save Task" }).click();
  await expect(page.getByText("Task saved successfully.")).toBeVisible();
  const task = (await (await page.request.get(`/api/v1/tasks/${run.task_id}`)).json()) as { proxy: unknown };
  expect(task.proxy).toEqual({ pool: "eu-residential", country: "de" });
  await atBothWidths(page, async (width) => {
    expect(await sidewaysOverflow(page), `sideways scroll at ${width} px`).toBe(0);
    await keepScreenshot(page, `proxies-task-${width}.png`, { fullPage: true });
  });

  // The saved-login wizard offers it too.
  await openInApp(page, "/auth-contexts/new");
  await expect(page.getByLabel("Proxy", { exact: true }).getByRole("option", { name: "eu-residential (1 proxy)" })).toBeAttached();
  await atBothWidths(page, async (width) => {
    expect(await sidewaysOverflow(page), `sideways scroll at ${width} px`).toBe(0);
  });

  // Deleted, after a confirmation.
  await openInApp(page, "/auth-contexts");
  await card(page).getByRole("button", { name: "Delete eu-residential" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete proxy pool?" });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Proxy pool deleted")).toBeVisible();
  await expect(card(page).getByText(/^No proxy pools yet\./)).toBeVisible();
});
