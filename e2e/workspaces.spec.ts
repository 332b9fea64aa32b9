import { expect, test, type Browser, type Page } from "./fixtures.ts";
import {
  buyCredits,
  createAccount,
  createTeamWorkspace,
  invitationLink,
  openInApp,
  openWorkspaces,
  RUN_URL,
  sidewaysOverflow,
  signUp,
  uniqueEmail,
} from "./helpers.ts";
import { keepScreenshot } from "./screenshots";

/*
 * Team workspaces as two people use them (docs/adr/0036-workspace-invitations.md): the owner
 * creates one and invites by e-mail, the invitee signs up from the link and joins, runs a task
 * there that the owner sees, and loses access once removed. At a desktop's width the switcher is
 * in the navigation bar; at a phone's, in the mobile menu.
 */
const VIEWPORTS = [
  { name: "1280 px", size: { width: 1280, height: 800 }, phone: false },
  { name: "360 px", size: { width: 360, height: 740 }, phone: true },
];

/** The workspace the app acts in, as the switcher says it. */
async function expectCurrentWorkspace(page: Page, phone: boolean, name: string) {
  if (phone) {
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("button", { name: new RegExp(`^${name}`), pressed: true })).toBeVisible();
    await page.getByRole("button", { name: "Close menu" }).click();
  } else {
    await expect(page.getByRole("button", { name: `Workspace: ${name}` })).toBeVisible();
  }
}

async function newPage(browser: Browser, size: { width: number; height: number }, baseURL: string) {
  const context = await browser.newContext({ viewport: size, baseURL });
  return context.newPage();
}

for (const viewport of VIEWPORTS) {
  test(`invite -> accept -> switch -> run -> remove (${viewport.name})`, async ({ page, browser, baseURL }) => {
    const { phone } = viewport;
    await page.setViewportSize(viewport.size);
    const team = `Growth ${viewport.size.width}`;
    await signUp(page);
    await createTeamWorkspace(page, phone, team);
    await expectCurrentWorkspace(page, phone, team);
    // A team's runs spend the team's credits, which start at none: the owner buys some.
    await buyCredits(page, 3);
    await expect(page.getByText("$3.00").first()).toBeVisible();

    // The owner invites by e-mail from Workspace settings.
    const inviteeEmail = uniqueEmail("invitee");
    await openInApp(page, "/workspace");
    await expect(page.getByRole("heading", { name: "Workspace settings" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Permissions by role" })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBe(0);
    const sentAfter = Date.now();
    await page.getByRole("button", { name: "Invite", exact: true }).click();
    const invite = page.getByRole("dialog", { name: "Invite" });
    await invite.getByLabel("Email").fill(inviteeEmail);
    await invite.getByLabel("Role").selectOption("member");
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText(`We e-mailed ${inviteeEmail} a link to join ${team}.`)).toBeVisible();
    await expect(page.getByRole("list", { name: "Pending invitations" }).getByText(inviteeEmail)).toBeVisible();
    await keepScreenshot(page, `workspace-settings-${viewport.size.width}.png`, { fullPage: true });
    const link = await invitationLink(page, inviteeEmail, sentAfter);

    // The invitee has no account: they make one from the link, with the invited address, and join.
    const invitee = await newPage(browser, viewport.size, baseURL!);
    await invitee.goto(link);
    await expect(invitee.getByRole("heading", { name: "Workspace invitation" })).toBeVisible();
    await expect(invitee.getByText(`to join ${team} as member`)).toBeVisible();
    await expect(invitee.getByLabel("Email")).toHaveValue(inviteeEmail);
    expect(await sidewaysOverflow(invitee)).toBe(0);
    await keepScreenshot(invitee, `invitation-${viewport.size.width}.png`);
    await invitee.getByLabel("Password", { exact: true }).fill("secret123");
    await invitee.getByRole("checkbox", { name: /I agree/ }).check();
    await invitee.getByRole("button", { name: "Create account and join" }).click();
    await expect(invitee).toHaveURL(/\/dashboard$/);
    await expect(invitee.getByText(`You joined ${team} as member.`)).toBeVisible();
    await expectCurrentWorkspace(invitee, phone, team);
    await openWorkspaces(invitee, phone);
    await keepScreenshot(invitee, `workspace-switcher-${viewport.size.width}.png`);
    await invitee.keyboard.press("Escape");

    // In the team, the member's run is the team's: the owner sees it.
    const prompt = `Count the team's orders ${viewport.size.width}`;
    await invitee.getByLabel("Prompt").fill(prompt);
    await invitee.getByRole("button", { name: "Execute" }).click();
    await expect(invitee).toHaveURL(RUN_URL, { timeout: 15_000 });
    // The run's end arrives on the team's event stream, without a reload (the stream pings, so
    // the page would not fall back to reading the run).
    await expect(invitee.getByRole("definition").locator("[data-status]")).toHaveText("Success", { timeout: 30_000 });
    // Task History, not read yet by this page: the app's router opens it with fresh data.
    await openInApp(page, "/tasks");
    await expect(page.getByText(prompt).first()).toBeVisible();

    // The owner removes the member, whose next request finds the workspace gone.
    await page.goto("/workspace");
    await page.getByRole("button", { name: `Remove ${inviteeEmail}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
    await expect(page.getByText(`${inviteeEmail} no longer has access to this workspace.`)).toBeVisible();
    await invitee.goto("/tasks");
    await expect(invitee.getByText("You are no longer a member of that workspace", { exact: false })).toBeVisible();
    await expectCurrentWorkspace(invitee, phone, "Personal");
    await expect(invitee.getByText(prompt)).toHaveCount(0);
    await invitee.context().close();
  });
}

test("an invitation link tells another account which address to use, joins a viewer who is told they can only read, then says it was used", async ({
  page,
  browser,
  baseURL,
}) => {
  await signUp(page);
  const origin = { origin: baseURL! };
  const team = (await (await page.request.post("/api/v1/workspaces", { headers: origin, data: { name: "Readers" } })).json()) as {
    id: string;
  };
  const inviteeEmail = uniqueEmail("viewer");
  const sentAfter = Date.now();
  const invited = await page.request.post(`/api/v1/workspaces/${team.id}/invitations`, {
    headers: origin,
    data: { email: inviteeEmail, role: "viewer" },
  });
  expect(invited.status()).toBe(201);
  const link = await invitationLink(page, inviteeEmail, sentAfter);

  // Someone signed in with another address is told which one the invitation is for.
  const stranger = await newPage(browser, { width: 1280, height: 800 }, baseURL!);
  const strangerAccount = await createAccount(stranger);
  await stranger.goto(link);
  await expect(stranger.getByRole("alert")).toHaveText(
    `You are signed in as ${strangerAccount.email}. Sign out, then open this link again and sign in as ${inviteeEmail}.`,
  );
  await expect(stranger.getByRole("button", { name: "Accept invitation" })).toHaveCount(0);
  await stranger.context().close();

  // The invited address accepts, and is told a viewer only reads.
  const invitee = await newPage(browser, { width: 1280, height: 800 }, baseURL!);
  await createAccount(invitee, inviteeEmail);
  await invitee.goto(link);
  await invitee.getByRole("button", { name: "Accept invitation" }).click();
  await expect(invitee).toHaveURL(/\/dashboard$/);
  await expect(invitee.getByRole("button", { name: "Workspace: Readers" })).toBeVisible();
  await expect(
    invitee.getByText("You are a viewer in Readers: you can read runs and results, but not start or change anything."),
  ).toBeVisible();
  await openInApp(invitee, "/workspace");
  await expect(invitee.getByRole("button", { name: "Invite", exact: true })).toHaveCount(0);
  await expect(invitee.getByRole("button", { name: "Delete workspace" })).toHaveCount(0);
  // What only owners and admins may change says so instead of offering a control that is refused.
  await openInApp(invitee, "/credits");
  await expect(invitee.getByText("Only the workspace's owners and admins can change the limit.")).toBeVisible();
  await expect(invitee.getByRole("button", { name: "Save limit" })).toHaveCount(0);
  await openInApp(invitee, "/api-keys");
  await expect(invitee.getByText("Only the workspace's owners and admins can see, make and revoke its named keys.")).toBeVisible();
  await expect(invitee.getByRole("button", { name: "Create key" })).toHaveCount(0);

  await invitee.goto(link);
  await expect(invitee.getByText("This invitation has already been used.")).toBeVisible();
  await invitee.context().close();
});
