import { expect, test, type Page } from "./fixtures.ts";
import { atBothWidths, createAccount, openInApp, openNewTaskParameters, sidewaysOverflow } from "./helpers";
import { keepScreenshot } from "./screenshots";

/**
 * The credential vault on the Auth Contexts page (docs/api.md, "Credentials"): added with the API's field errors
 * at their fields, listed without a value, edited with blank values kept, chosen in a task's
 * Advanced Parameters, and deleted.
 */
const PASSWORD = "e2e-Vault-pa55word";
const MAILBOX_PASSWORD = "e2e-Mailbox-app-pa55";
const TOTP = "GEZD GNBV GY3T QOJQ GEZD GNBV GY3T QOJQ";
const card = (page: Page) => page.getByRole("region", { name: "Credentials" });

// One flow: what a phone shows differently (the dialog's errors, the card, the task page) is checked
// at 1280 px and again at 360 px by resizing, not by a second sign-up and run; after the first check
// the flow goes on at 360 px.
test("a credential is added, listed without its values, chosen for a task and deleted, at 1280 and 360 px", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await createAccount(page);
  await page.goto("/auth-contexts");
  const vault = card(page);
  await expect(vault.getByText(/^No credentials yet\./)).toBeVisible();

  await vault.getByRole("button", { name: "Add credential" }).click();
  const dialog = page.getByRole("dialog", { name: "Add credential" });
  await dialog.getByLabel("Name", { exact: true }).fill("Shop Login");
  await dialog.getByLabel("Domains").fill("https://shop.example/login");
  await dialog.getByRole("button", { name: "Add credential" }).click();
  await expect(dialog.getByText("Name must be lowercase letters, digits and dashes, like github-work")).toBeVisible();
  await expect(dialog.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByText("Password is required")).toBeVisible();
  await atBothWidths(page, async (width) => {
    await expect(dialog.getByText("Password is required")).toBeVisible();
    await keepScreenshot(page, `credentials-errors-${width}.png`);
  });

  await dialog.getByLabel("Name", { exact: true }).fill("shop-login");
  await dialog.getByLabel("Domains").fill("shop.example, *.shop.example");
  await dialog.getByLabel("Username").fill("buyer@shop.example");
  await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await dialog.getByLabel("Authenticator key (optional)").fill(TOTP);
  // The mailbox for e-mailed codes is folded away; opened from the keyboard.
  await dialog.getByText("E-mailed codes (optional)").focus();
  await page.keyboard.press("Enter");
  await dialog.getByLabel("IMAP server").fill("imap.shop.example");
  await dialog.getByLabel("Mailbox login").fill("codes@shop.example");
  await dialog.getByLabel("Mailbox password or app password").fill(MAILBOX_PASSWORD);
  await atBothWidths(page, async (width) => {
    expect(await sidewaysOverflow(page), `sideways scroll at ${width} px`).toBe(0);
    await keepScreenshot(page, `credentials-mailbox-${width}.png`);
  });
  await dialog.getByRole("button", { name: "Add credential" }).click();
  await expect(dialog).toBeHidden();

  const row = vault.getByRole("listitem").filter({ hasText: "shop-login" });
  await expect(row.getByText("b***@shop.example on shop.example, *.shop.example")).toBeVisible();
  await expect(row.getByText("Two-step code")).toBeVisible();
  // The card says where e-mailed codes are read: the server and the masked login, never the password.
  await expect(row.getByText("E-mailed codes")).toBeVisible();
  await expect(row.getByText("Mailbox: imap.shop.example (c***@shop.example)")).toBeVisible();
  const html = await page.content();
  for (const secret of [PASSWORD, MAILBOX_PASSWORD, "buyer@shop.example", "codes@shop.example", "GEZDGNBV"])
    expect(html).not.toContain(secret);
  await atBothWidths(page, async (width) => {
    expect(await sidewaysOverflow(page), `sideways scroll at ${width} px`).toBe(0);
    await keepScreenshot(vault, `credentials-card-${width}.png`);
  });

  // Edit: blank values stay as saved; the key can be removed.
  await row.getByRole("button", { name: "Edit shop-login" }).click();
  const edit = page.getByRole("dialog", { name: "Edit shop-login" });
  await expect(edit.getByLabel("Password", { exact: true })).toHaveValue("");
  await expect(edit.getByLabel("Password", { exact: true })).toHaveAttribute("placeholder", "Leave blank to keep the saved one");
  // The saved mailbox shows where it is, its login masked, never its password.
  await expect(edit.getByLabel("IMAP server")).toHaveValue("imap.shop.example");
  await expect(edit.getByLabel("Mailbox login")).toHaveAttribute("placeholder", "c***@shop.example");
  await expect(edit.getByLabel("Mailbox password or app password")).toHaveValue("");
  await edit.getByRole("checkbox", { name: "Remove the saved authenticator key" }).check();
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit).toBeHidden();
  await expect(row.getByText("Two-step code")).toHaveCount(0);
  await expect(row.getByText("b***@shop.example on shop.example, *.shop.example")).toBeVisible();
  // The mailbox's fields left blank keep it.
  await expect(row.getByText("Mailbox: imap.shop.example (c***@shop.example)")).toBeVisible();

  // A task may use it: chosen in the task page's Advanced Parameters.
  const run = await openNewTaskParameters(page, baseURL!, "Sign in to the shop");
  const choice = page.getByRole("group", { name: "Credentials this task may use" });
  await choice.getByRole("checkbox", { name: /shop-login/ }).check();
  await page.getByRole("button", { name: "Save Task" }).click();
  await expect(page.getByText("Task saved successfully.")).toBeVisible();
  const task = (await (await page.request.get(`/api/v1/tasks/${run.task_id}`)).json()) as { credential_names: string[] };
  expect(task.credential_names).toEqual(["shop-login"]);
  await atBothWidths(page, async (width) => {
    expect(await sidewaysOverflow(page), `sideways scroll at ${width} px`).toBe(0);
    await keepScreenshot(page, `credentials-task-${width}.png`);
  });

  await chooseOnNewTaskAndDuplicate(page);

  // Deleted, after a confirmation.
  await openInApp(page, "/auth-contexts");
  await card(page).getByRole("button", { name: "Delete shop-login" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete credential?" });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Credential deleted")).toBeVisible();
  await expect(card(page).getByText(/^No credentials yet\./)).toBeVisible();
});

/** A new task from the Dashboard's form may use the credential too, and Duplicate keeps it, saying so. */
async function chooseOnNewTaskAndDuplicate(page: Page) {
  await openInApp(page, "/dashboard");
  await page.getByLabel("Prompt").fill("Sign in to the shop and read the order count");
  await page.getByRole("button", { name: "Advanced Parameters" }).click();
  await page
    .getByRole("group", { name: "Credentials this task may use" })
    .getByRole("checkbox", { name: /shop-login/ })
    .check();
  await page.getByRole("button", { name: "Execute" }).click();
  await expect(page).toHaveURL(/\/tasks\/[0-9a-f-]{36}\/task-runs\//, { timeout: 15_000 });
  const newTaskId = /\/tasks\/([0-9a-f-]{36})/.exec(page.url())![1];
  const newTask = (await (await page.request.get(`/api/v1/tasks/${newTaskId}`)).json()) as { credential_names: string[] };
  expect(newTask.credential_names).toEqual(["shop-login"]);
  await openInApp(page, "/tasks");
  await page.getByRole("button", { name: /^Duplicate task: Sign in to the shop and read/ }).click();
  await expect(page.getByText("Task duplicated")).toBeVisible();
  await expect(page.getByLabel("Prompt")).toHaveValue("Sign in to the shop and read the order count");
  await expect(
    page.getByRole("group", { name: "Credentials this task may use" }).getByRole("checkbox", { name: /shop-login/ }),
  ).toBeChecked();
}
