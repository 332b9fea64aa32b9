import { expect, test, type Locator, type Page } from "./fixtures.ts";
import { atBothWidths, createAccount, createTeamWorkspace, openInApp, pollRunStatus, signUp, uniqueEmail } from "./helpers.ts";

/*
 * Where the keyboard is after each dialog and swapped card (docs/adr/0058-form-kit-and-focus.md):
 * back on what opened it, or on the control that took its place when the dialog removed it; a
 * refused form on its first invalid field; Escape closes, Tab stays inside; a tall dialog's
 * buttons in view. At 1280 and 360 px.
 */
test.setTimeout(120_000);

async function apiKeyOf(page: Page): Promise<string> {
  return ((await (await page.request.get("/api/v1/account/api-key")).json()) as { api_key: string }).api_key;
}

async function createRun(page: Page, key: string, prompt: string) {
  const res = await page.request.post("/api/v1/runs", { headers: { "x-api-key": key }, data: { prompt } });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; task_id: string };
}

/** Opens a dialog from the keyboard, as a person tabbing to its button would. */
async function openWithKeyboard(page: Page, opener: Locator, name: string) {
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Tab and Shift+Tab go round the dialog's controls, never out to the page behind it. */
async function expectTabStaysInside(page: Page) {
  for (const key of ["Tab", "Tab", "Tab", "Tab", "Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
    await page.keyboard.press(key);
    await expect(page.locator("[role=dialog] :focus"), key).toHaveCount(1);
  }
}

/** Escape closes the dialog and gives focus back to what opened it. */
async function expectEscapeReturns(page: Page, dialog: Locator, opener: Locator) {
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

/** `submit` refused: the field is marked and has focus; Cancel then gives focus back to the opener. */
async function expectRefusalFocus(dialog: Locator, field: string, submit: string, opener: Locator) {
  await dialog.getByRole("button", { name: submit }).click();
  await expect(dialog.getByLabel(field)).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel(field)).toBeFocused();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

/** Visible and not covered at its centre (a sticky footer over a scrolled form must not hide it). */
async function expectInView(button: Locator) {
  await expect(button).toBeInViewport({ ratio: 1 });
  const box = (await button.boundingBox())!;
  // The e2e project has no DOM types: the check runs as the page's own script.
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await button.evaluate((element) => element.setAttribute("data-probe", ""));
  const onTop = await button.page().evaluate(`Boolean(document.elementFromPoint(${x}, ${y})?.closest("[data-probe]"))`);
  await button.evaluate((element) => element.removeAttribute("data-probe"));
  expect(onTop).toBe(true);
}

test("credential and proxy pool dialogs: focus back on the opener, on the first invalid field, buttons in view at 800 px", async ({
  page,
}) => {
  await createAccount(page);
  await page.goto("/auth-contexts");
  const credentials = page.getByRole("region", { name: "Credentials" });
  const proxies = page.getByRole("region", { name: "Proxies" });

  await atBothWidths(page, async (width) => {
    const addCredential = credentials.getByRole("button", { name: "Add credential" });
    let dialog = await openWithKeyboard(page, addCredential, "Add credential");
    await expectTabStaysInside(page);
    await expectEscapeReturns(page, dialog, addCredential);

    // Sent empty: every error line shows, the first field has focus, the buttons stay in view.
    dialog = await openWithKeyboard(page, addCredential, "Add credential");
    await dialog.getByRole("button", { name: "Add credential" }).click();
    await expect(dialog.getByText("Password is required")).toBeVisible();
    await expect(dialog.getByLabel("Name", { exact: true })).toBeFocused();
    await expectInView(dialog.getByRole("button", { name: "Add credential" }));
    await expectInView(dialog.getByRole("button", { name: "Cancel" }));

    await dialog.getByLabel("Name", { exact: true }).fill(`shop-${width}`);
    await dialog.getByLabel("Domains").fill("shop.example");
    await dialog.getByLabel("Username").fill("buyer@shop.example");
    await dialog.getByLabel("Password", { exact: true }).fill("a-password-1");
    await dialog.getByRole("button", { name: "Add credential" }).click();
    await expect(dialog).toBeHidden();
    await expect(addCredential).toBeFocused();

    // Deleted from its row: the row is gone, so focus goes to what is left of the card.
    const row = credentials.getByRole("listitem").filter({ hasText: `shop-${width}` });
    const remove = await openWithKeyboard(page, row.getByRole("button", { name: /^Delete/ }), "Delete credential?");
    await remove.getByRole("button", { name: "Delete" }).click();
    await expect(remove).toBeHidden();
    await expect(addCredential).toBeFocused();

    const addPool = proxies.getByRole("button", { name: "Add proxy pool" });
    dialog = await openWithKeyboard(page, addPool, "Add proxy pool");
    await expectEscapeReturns(page, dialog, addPool);
    dialog = await openWithKeyboard(page, addPool, "Add proxy pool");
    await dialog.getByLabel("Name", { exact: true }).fill(`eu-${width}`);
    await dialog.getByLabel("Proxies").fill("ftp://proxy.example.com");
    await expectRefusalFocus(dialog, "Proxies", "Add proxy pool", addPool);
  });
});

test("webhook dialog on the API Keys page: focus back on Add webhook, the URL focused when refused", async ({ page }) => {
  await createAccount(page);
  await page.goto("/api-keys");
  const webhooks = page.getByRole("region", { name: "Webhooks" });
  const add = webhooks.getByRole("button", { name: "Add webhook" });

  await atBothWidths(page, async () => {
    let dialog = await openWithKeyboard(page, add, "Add webhook");
    await expectTabStaysInside(page);
    await expectEscapeReturns(page, dialog, add);

    dialog = await openWithKeyboard(page, add, "Add webhook");
    await dialog.getByLabel("URL").fill("ftp://example.com/hook");
    await expectRefusalFocus(dialog, "URL", "Add webhook", add);
  });
});

test("Share, the schedule card and Remove schedule: focus on the opener or the swapped card's control", async ({ page }) => {
  await createAccount(page);
  const key = await apiKeyOf(page);
  const run = await createRun(page, key, "[e2e:steps] Read the top story of the news front page");
  await pollRunStatus(page.request, key, run.id).not.toBe("pending");

  await page.goto(`/tasks/${run.task_id}/task-runs/${run.id}`);
  await atBothWidths(page, async () => {
    const share = page.getByRole("button", { name: /^Share(d)?$/ });
    const dialog = await openWithKeyboard(page, share, "Share this run");
    await expectEscapeReturns(page, dialog, share);
  });

  await openInApp(page, `/tasks/${run.task_id}`, { sameComponent: true });
  const card = page.getByRole("region", { name: "Schedule" });
  await atBothWidths(page, async () => {
    const schedule = card.getByRole("button", { name: "Schedule this task" });
    await schedule.focus();
    await page.keyboard.press("Enter");
    await expect(card.getByLabel("Repeat")).toBeFocused();
    await card.getByRole("button", { name: "Cancel" }).click();
    await expect(schedule).toBeFocused();

    await page.keyboard.press("Enter");
    await card.getByRole("button", { name: "Save schedule" }).focus();
    await page.keyboard.press("Enter");
    const edit = card.getByRole("button", { name: "Edit" });
    await expect(edit).toBeFocused();

    await card.getByRole("button", { name: "Pause" }).focus();
    await page.keyboard.press("Enter");
    await expect(card.getByRole("button", { name: "Resume" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(card.getByRole("button", { name: "Pause" })).toBeFocused();

    const dialog = await openWithKeyboard(page, card.getByRole("button", { name: "Remove" }), "Remove schedule?");
    await dialog.getByRole("button", { name: "Remove" }).click();
    await expect(dialog).toBeHidden();
    await expect(schedule).toBeFocused();
  });
});

test("Delete task: focus goes to the next task's Delete, then to what is left", async ({ page }) => {
  await createAccount(page);
  const key = await apiKeyOf(page);
  for (const prompt of ["First errand to delete", "Second errand to delete", "Third errand to delete", "Fourth errand to delete"]) {
    await createRun(page, key, prompt);
  }
  await page.goto("/tasks");
  const rows = page.getByRole("table").locator("tbody tr");
  await expect(rows).toHaveCount(4);

  await atBothWidths(page, async () => {
    const count = await rows.count();
    const dialog = await openWithKeyboard(page, rows.first().getByRole("button", { name: /^Delete task/ }), "Delete task?");
    await dialog.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(rows).toHaveCount(count - 1);
    // The row that took its place: its own Delete, once the list has been read again.
    await expect(rows.first().getByRole("button", { name: /^Delete task/ })).toBeFocused();
  });
});

test("Invite and Revoke in a team workspace: focus back on Invite, then on the next invitation's Revoke", async ({ page }) => {
  await signUp(page);
  await createTeamWorkspace(page, false, "Focus team");
  await openInApp(page, "/workspace");
  const invite = page.getByRole("button", { name: "Invite", exact: true });
  const pending = page.getByRole("list", { name: "Pending invitations" });

  await atBothWidths(page, async (width) => {
    const emails = [uniqueEmail(`first-${width}`), uniqueEmail(`second-${width}`)];
    for (const email of emails) {
      const dialog = await openWithKeyboard(page, invite, "Invite");
      await dialog.getByLabel("Email").fill(email);
      await dialog.getByRole("button", { name: "Send invitation" }).click();
      await expect(dialog).toBeHidden();
      await expect(invite).toBeFocused();
      await expect(pending.getByText(email)).toBeVisible();
    }
    const revoke = (email: string) => pending.getByRole("button", { name: `Revoke the invitation of ${email}` });
    await revoke(emails[0]!).focus();
    await page.keyboard.press("Enter");
    await expect(pending.getByText(emails[0]!)).toBeHidden();
    await expect(revoke(emails[1]!)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(pending).toBeHidden();
    await expect(invite).toBeFocused();
  });
});
