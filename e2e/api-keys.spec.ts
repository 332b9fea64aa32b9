import { expect, test, type Page } from "./fixtures.ts";
import { atBothWidths, createAccount, sidewaysOverflow } from "./helpers";
import { keepScreenshot } from "./screenshots";

/**
 * Named keys on the API Keys page: a read key is created with its secret shown once, used from
 * outside the browser (it reads; POST /runs is 403 naming the run scope), then revoked, after
 * which the API refuses it (401).
 */
const card = (page: Page) => page.getByRole("region", { name: "Named keys" });

/** A call of the API with the key alone, as a script would make it. */
const callWith = (baseURL: string, secret: string, method: "GET" | "POST", body?: unknown) =>
  fetch(`${baseURL}/api/v1/runs`, {
    method,
    headers: { "x-api-key": secret, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

// One flow: the dialog with the secret and the card are checked at 1280 px and again at 360 px by
// resizing, not by a second sign-up; after the first check the flow goes on at 360 px.
test("a read key is created, refused a run, and revoked on the API Keys page, at 1280 and 360 px", async ({ page, baseURL }) => {
  await createAccount(page);
  await page.goto("/api-keys");
  const keys = card(page);
  await expect(keys.getByText(/^No named keys yet\./)).toBeVisible();

  // Create it from the keyboard; the API's field error shows at the name.
  await keys.getByRole("button", { name: "Create key" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Create key" });
  await expect(dialog.getByRole("checkbox", { name: "Read" })).toBeChecked();
  await expect(dialog.getByText("See runs, results, tasks and everything else in the workspace.")).toBeVisible();
  await dialog.getByRole("button", { name: "Create key" }).click();
  await expect(dialog.getByText("name is required")).toBeVisible();
  await expect(dialog.getByLabel("Name")).toBeFocused();
  await dialog.getByLabel("Name").fill("dashboard");
  await dialog.getByLabel("Expires after").selectOption({ label: "30 days" });
  await dialog.getByRole("button", { name: "Create key" }).click();

  // The secret, this once.
  const created = page.getByRole("dialog", { name: "Key created" });
  await expect(created.getByText("Copy the key now: it will not be shown again.")).toBeVisible();
  const secret = (await created.getByLabel("New API key", { exact: true }).textContent()) ?? "";
  expect(secret).toMatch(/^errand_sk_/);
  await atBothWidths(page, async (width) => {
    await expect(created.getByText("Copy the key now: it will not be shown again.")).toBeVisible();
    await expect(created.getByRole("button", { name: "Copy new API key" })).toBeFocused();
    await keepScreenshot(page, `named-key-secret-${width}.png`);
  });
  await created.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText(secret)).toHaveCount(0);

  const row = keys.getByRole("row", { name: /dashboard/ });
  await expect(row.getByText("Read", { exact: true })).toBeVisible();
  await expect(row.getByText("Never used")).toBeVisible();

  // Used outside the browser: it reads, and may not run.
  expect((await callWith(baseURL!, secret, "GET")).status).toBe(200);
  const refused = await callWith(baseURL!, secret, "POST", { prompt: "Say done" });
  expect(refused.status).toBe(403);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe("This API key lacks the run scope");

  await page.reload();
  await expect(
    card(page)
      .getByRole("row", { name: /dashboard/ })
      .getByText("Never used"),
  ).toHaveCount(0);
  await atBothWidths(page, async (width) => {
    expect(await sidewaysOverflow(page), `sideways scroll at ${width} px`).toBe(0);
    await keepScreenshot(card(page), `named-keys-card-${width}.png`);
  });

  // Revoked, after asking: the API refuses it from the next request.
  await card(page).getByRole("button", { name: "Revoke dashboard" }).click();
  const confirm = page.getByRole("dialog", { name: "Revoke key?" });
  await expect(confirm.getByText(/dashboard stops working immediately/)).toBeVisible();
  await confirm.getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText("Key revoked")).toBeVisible();
  await expect(card(page).getByText(/^No named keys yet\./)).toBeVisible();
  const after = await callWith(baseURL!, secret, "GET");
  expect(after.status).toBe(401);
});
