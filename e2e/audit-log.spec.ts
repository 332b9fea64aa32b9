import { expect, test, type Page } from "./fixtures.ts";
import { atBothWidths, createTeamWorkspace, openInApp, sidewaysOverflow, signUp, uniqueEmail } from "./helpers.ts";
import { keepScreenshot } from "./screenshots";

/*
 * The audit log as an owner reads it (docs/adr/0038-audit-log.md): they invite someone and
 * create an API key in a team workspace, then open the Audit log from Workspace settings and see
 * both events with who did them. A table at a desktop's width, a stacked list at a phone's: the
 * page is checked at 1280 px and again at 360 px by resizing (making the team on a phone is
 * workspaces.spec.ts's).
 */
const events = (page: Page, width: number) =>
  width === 360
    ? page.getByRole("list", { name: "Audit events, newest first" })
    : page.getByRole("table", { name: "Audit events, newest first" });

test("an owner sees the invitation and the new key in the audit log, at 1280 and 360 px", async ({ page }) => {
  const owner = await signUp(page);
  await createTeamWorkspace(page, false, "Audited");

  const invitee = uniqueEmail("audited");
  await openInApp(page, "/workspace");
  await page.getByRole("button", { name: "Invite", exact: true }).click();
  const invite = page.getByRole("dialog", { name: "Invite" });
  await invite.getByLabel("Email").fill(invitee);
  await invite.getByLabel("Role").selectOption("member");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("list", { name: "Pending invitations" }).getByText(invitee)).toBeVisible();

  await openInApp(page, "/api-keys");
  await page.getByRole("region", { name: "Named keys" }).getByRole("button", { name: "Create key" }).click();
  const create = page.getByRole("dialog", { name: "Create key" });
  await create.getByLabel("Name").fill("reporting");
  await create.getByRole("button", { name: "Create key" }).click();
  await page.getByRole("dialog", { name: "Key created" }).getByRole("button", { name: "Done" }).click();

  await openInApp(page, "/workspace");
  await page.getByRole("link", { name: "Open audit log" }).click();
  await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
  await atBothWidths(page, async (width) => {
    await expect(events(page, width).getByText("API key created: reporting")).toBeVisible();
    await expect(events(page, width).getByText(`Member invited: ${invitee}`)).toBeVisible();
    await expect(events(page, width).getByText(owner.email).first()).toBeVisible();
    expect(await sidewaysOverflow(page), `sideways scroll at ${width} px`).toBe(0);
    await keepScreenshot(page, `audit-log-${width}.png`, { fullPage: true });
  });

  // Filtered to one kind of event (at 360 px, then at 1280), the other goes.
  await page.getByLabel("Event", { exact: true }).selectOption({ label: "API key created" });
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(events(page, width).getByText("API key created: reporting")).toBeVisible();
    await expect(events(page, width).getByText(`Member invited: ${invitee}`)).toHaveCount(0);
  }
});
