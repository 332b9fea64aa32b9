import { expect, test, type Browser, type Page } from "./fixtures.ts";
import { invitationLink, sidewaysOverflow, uniqueEmail } from "./helpers.ts";
import { keepScreenshot } from "./screenshots";

/*
 * Screens that match the role (docs/adr/0031-workspaces-and-roles.md): in a team workspace a
 * viewer reads the runs without being offered Execute, New task, Buy Credits or a run's actions,
 * and a member runs tasks without being offered Buy Credits. And Task History shows each task's
 * tags, a tag filtering the list through the URL. The set-up goes through the API (the screens it
 * uses are tried by workspaces.spec.ts and billing.spec.ts): each person costs one page load.
 */
type Size = { width: number; height: number };
const VIEWPORTS: { name: string; size: Size }[] = [
  { name: "1280 px", size: { width: 1280, height: 800 } },
  { name: "360 px", size: { width: 360, height: 740 } },
];
const WORKSPACE_HEADER = "x-errand-workspace";

/** The team's credits, bought through the fake Stripe's API and hosted page (the screens are billing.spec.ts's). */
async function buyTeamCredits(page: Page, baseURL: string, workspaceId: string) {
  const payment = await page.request.post("/api/v1/payments", {
    headers: { origin: baseURL, [WORKSPACE_HEADER]: workspaceId },
    data: { amount: 300 },
  });
  expect(payment.status(), await payment.text()).toBe(201);
  const { sessionUrl } = (await payment.json()) as { sessionUrl: string };
  await page.request.post(sessionUrl, { maxRedirects: 0 });
}

/** Invites `role` to the team by e-mail as the owner; answers the address and the link's token. */
async function invite(owner: Page, baseURL: string, teamId: string, role: "viewer" | "member") {
  const email = uniqueEmail(role);
  const sentAfter = Date.now();
  const invited = await owner.request.post(`/api/v1/workspaces/${teamId}/invitations`, {
    headers: { origin: baseURL },
    data: { email, role },
  });
  expect(invited.status()).toBe(201);
  return { email, token: (await invitationLink(owner, email, sentAfter)).split("/").pop()! };
}

/** The invited person signs up, joins, and opens the dashboard acting in the team: one page load. */
async function join(browser: Browser, baseURL: string, size: Size, teamId: string, invitation: { email: string; token: string }) {
  const context = await browser.newContext({ viewport: size, baseURL });
  const page = await context.newPage();
  const signedUp = await page.request.post("/api/auth/sign-up/email", { data: { email: invitation.email, password: "secret123" } });
  expect(signedUp.status()).toBe(200);
  expect((await page.request.post(`/api/v1/invitations/${invitation.token}/accept`, { headers: { origin: baseURL } })).ok()).toBe(true);
  // What the switcher remembers (apps/web/src/workspaces/current-workspace.ts): the app opens in the team.
  await context.addInitScript({ content: `localStorage.setItem("errand.workspace", ${JSON.stringify(teamId)})` });
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  return page;
}

/** The owner (who never opens a page) signs up and makes a team; answers its id. */
async function ownerWithTeam(owner: Page, baseURL: string, name: string): Promise<string> {
  const signedUp = await owner.request.post("/api/auth/sign-up/email", { data: { email: uniqueEmail("owner"), password: "secret123" } });
  expect(signedUp.ok()).toBe(true);
  const team = await owner.request.post("/api/v1/workspaces", { headers: { origin: baseURL }, data: { name } });
  return ((await team.json()) as { id: string }).id;
}

/** A run in the team, on credits the owner bought for it. */
async function runInTeam(owner: Page, baseURL: string, teamId: string, prompt: string) {
  await buyTeamCredits(owner, baseURL, teamId);
  // The payment's webhook may land a moment after the checkout answers.
  const create = () => owner.request.post("/api/v1/runs", { headers: { origin: baseURL, [WORKSPACE_HEADER]: teamId }, data: { prompt } });
  await expect.poll(async () => (await create()).status()).toBe(201);
}

// One team and run for the viewer: each screen is read at 1280 px and again at 360 px by resizing
// (the set-up, a checkout and a run, cost more than the screens).
test("a viewer reads the team's runs without Execute, Buy Credits, New task or a run's actions, at 1280 and 360 px", async ({
  page,
  browser,
  baseURL,
}) => {
  const prompt = "Read the team's orders";
  const teamId = await ownerWithTeam(page, baseURL!, "Readers");
  await runInTeam(page, baseURL!, teamId, prompt);
  const viewer = await join(browser, baseURL!, VIEWPORTS[0]!.size, teamId, await invite(page, baseURL!, teamId, "viewer"));
  const atBothSizes = async (check: (width: number) => Promise<void>) => {
    for (const { size } of VIEWPORTS) {
      await viewer.setViewportSize(size);
      await check(size.width);
    }
  };

  // The dashboard: the runs and who can run tasks, no Execute, no Buy Credits.
  await atBothSizes(async (width) => {
    await expect(viewer.getByText("You are a viewer in Readers")).toBeVisible();
    await expect(viewer.getByText("Only the workspace's owners, admins and members can create and run tasks.")).toBeVisible();
    await expect(viewer.getByText("Only the workspace's owners and admins can buy credits.")).toBeVisible();
    await expect(viewer.getByRole("button", { name: "Execute" })).toHaveCount(0);
    await expect(viewer.getByRole("button", { name: "Buy Credits" })).toHaveCount(0);
    expect(await sidewaysOverflow(viewer), `sideways scroll at ${width} px`).toBe(0);
    await keepScreenshot(viewer, `viewer-dashboard-${width}.png`, { fullPage: true });
  });

  // The run reads as for anyone, without Cancel, Share, Save Task or Save & Run.
  await viewer
    .getByRole("list", { name: "Latest runs" })
    .getByRole("link", { name: new RegExp(prompt) })
    .click();
  await atBothSizes(async (width) => {
    await expect(viewer.getByRole("heading", { name: "Task Run Details" })).toBeVisible();
    await expect(viewer.getByText("Only the workspace's owners, admins and members can change and run tasks.")).toBeVisible();
    for (const button of ["Save Task", "Save & Run", "Share", "Cancel run", "Schedule this task"])
      await expect(viewer.getByRole("button", { name: button, exact: true })).toHaveCount(0);
    await expect(viewer.getByLabel("Prompt")).toHaveAttribute("readonly", "");
    await keepScreenshot(viewer, `viewer-run-${width}.png`, { fullPage: true });
  });

  // Task History lists the team's task, with no New task, Duplicate or Delete (reached at 360 px).
  await viewer.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Tasks" }).click();
  await atBothSizes(async () => {
    await expect(viewer.getByRole("link", { name: prompt })).toBeVisible();
    await expect(viewer.getByRole("link", { name: "New task" })).toHaveCount(0);
    await expect(viewer.getByRole("button", { name: /^(Duplicate|Delete) task:/ })).toHaveCount(0);
  });
  await viewer.context().close();
});

for (const { name, size } of VIEWPORTS) {
  const width = size.width;

  test(`a member runs tasks in the team but is not offered Buy Credits (${name})`, async ({ page, browser, baseURL }) => {
    const teamId = await ownerWithTeam(page, baseURL!, `Runners ${width}`);
    const member = await join(browser, baseURL!, size, teamId, await invite(page, baseURL!, teamId, "member"));
    await expect(member.getByRole("button", { name: "Execute" })).toBeVisible();
    await expect(member.getByText("Only the workspace's owners and admins can buy credits.")).toBeVisible();
    await expect(member.getByRole("button", { name: "Buy Credits" })).toHaveCount(0);
    await keepScreenshot(member, `member-dashboard-${width}.png`, { fullPage: true });
    await member.context().close();
  });

  test(`a task's tag filters Task History through the URL, by keyboard, with Back and Clear filter (${name})`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize(size);
    const origin = { origin: baseURL! };
    expect((await page.request.post("/api/auth/sign-up/email", { data: { email: uniqueEmail("tags"), password: "secret123" } })).ok()).toBe(
      true,
    );
    const sales = `Count the sales leads ${width}`;
    const ops = `Check the status page ${width}`;
    for (const [prompt, tags] of [
      [sales, ["sales", "q4"]],
      [ops, ["ops"]],
    ] as const)
      expect((await page.request.post("/api/v1/runs", { headers: origin, data: { prompt, tags } })).status()).toBe(201);
    await page.goto("/tasks");
    const salesRow = page.getByRole("row").filter({ has: page.getByRole("link", { name: sales }) });
    await expect(salesRow.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(["sales", "q4"]);

    // A tag, by keyboard, filters the list; the URL says so, and Back brings the whole list again.
    await salesRow.getByRole("link", { name: "Tag sales: show only tasks with it" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/tasks\?tag=sales$/);
    await expect(page.getByText("Showing tasks tagged")).toBeVisible();
    await expect(page.getByRole("link", { name: sales })).toBeVisible();
    await expect(page.getByRole("link", { name: ops })).toHaveCount(0);
    expect(await sidewaysOverflow(page)).toBe(0);
    await keepScreenshot(page, `tasks-tag-filter-${width}.png`, { fullPage: true });
    await page.goBack();
    await expect(page.getByRole("link", { name: ops })).toBeVisible();
    await page.goForward();
    await expect(page.getByRole("link", { name: ops })).toHaveCount(0);
    await page.getByRole("button", { name: "Clear filter" }).click();
    await expect(page).toHaveURL(/\/tasks$/);
    await expect(page.getByRole("link", { name: ops })).toBeVisible();

    // A shared link to a tag no task has: said so, with the way back to every task.
    await page.goto("/tasks?tag=nothing-here");
    await expect(page.getByText("No tasks tagged \u201cnothing-here\u201d")).toBeVisible();
    await keepScreenshot(page, `tasks-tag-empty-${width}.png`);
    await page.getByRole("button", { name: "Clear filter" }).click();
    await expect(page.getByRole("link", { name: sales })).toBeVisible();
  });
}
