import { readFileSync } from "node:fs";
import { test as base, expect, type Browser, type BrowserContext, type Page } from "./fixtures.ts";
import { e2eEnv } from "./e2e-env.ts";
import { ADMIN_EMAIL, openInApp, logIn, submitSignUpForm, uniqueEmail } from "./helpers.ts";

/*
 * The signed-in task workspace as a person uses it, against the real server with the fake model
 * of e2e/server: a prompt with "[e2e:steps]" browses the news fixture in 4 slow steps, one with
 * "[e2e:table]" answers a one-key list (the results table), anything else answers "Done.".
 *
 * Sign-ups are rate limited per address (5 a minute), so the tests share two accounts per worker
 * and run in order (the empty states come first).
 */
type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/**
 * Signs up through /signup and returns the answer's status. Sign-ups are rate limited per address
 * and the other spec files sign up too: on a 429 it waits as long as the server asks, then retries.
 */
async function signUpWaitingForRateLimit(page: Page, email: string): Promise<number> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await submitSignUpForm(page, email);
    if (response.status() !== 429 || attempt === 4) return response.status();
    const seconds = Number(response.headers()["x-retry-after"] ?? "20");
    await page.waitForTimeout((Math.min(Math.max(seconds, 1), 60) + 1) * 1000);
  }
}

/** A new person, signed in: the browser state to reuse. */
async function newAccount(browser: Browser): Promise<StorageState> {
  // Worker fixtures do not get the test options: the base URL comes from the config's port.
  const context = await browser.newContext({ baseURL: `http://localhost:${process.env.E2E_PORT}` });
  const page = await context.newPage();
  await signUpWaitingForRateLimit(page, uniqueEmail("workspace"));
  await expect(page).toHaveURL(/\/dashboard$/);
  const state = await context.storageState();
  await context.close();
  return state;
}

/** A new person's browser state, for contexts that must not be signed in as the shared account. */
const SIGNED_OUT: StorageState = { cookies: [], origins: [] };

// Each account has 5 free prompts: the first tests use `account`, the later ones `secondAccount`.
const test = base.extend<object, { account: StorageState; secondAccount: StorageState }>({
  account: [async ({ browser }, use) => use(await newAccount(browser)), { scope: "worker", timeout: 240_000 }],
  secondAccount: [async ({ browser }, use) => use(await newAccount(browser)), { scope: "worker", timeout: 240_000 }],
  storageState: async ({ account }, use) => use(account),
});

test.describe.configure({ mode: "default" });
// Runs really queue, browse and finish on the server.
test.setTimeout(60_000);

const RUN_URL = /\/tasks\/[0-9a-f-]{36}\/task-runs\/[0-9a-f-]{36}$/;
const STEPS_ANSWER = "The top story is 'Show FN: A tiny browser automation agent in 400 lines'.";

/** Fills the prompt on the dashboard and executes it; resolves on the run page. */
async function executePrompt(page: Page, prompt: string) {
  await page.getByLabel("Prompt").fill(prompt);
  await page.getByRole("button", { name: "Execute" }).click();
  await expect(page).toHaveURL(RUN_URL, { timeout: 15_000 });
}

/** The run's status badge (next to the run selector). */
const runBadge = (page: Page) => page.getByRole("definition").locator("[data-status]");

async function expectRunSucceeds(page: Page) {
  await expect(runBadge(page)).toHaveText("Success", { timeout: 30_000 });
}

test("empty states: no tasks yet, and an unknown task", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page).toHaveTitle("Errand Dashboard");
  await expect(page.getByRole("heading", { name: "Create New Task" })).toBeVisible();
  await expect(page.getByText("No tasks yet.")).toBeVisible();
  await expect(page.getByText(/Free prompts:\s*5/)).toBeVisible();
  // Quick amounts fill the purchase form.
  await page.getByRole("button", { name: "$20", exact: true }).click();
  await expect(page.getByLabel("Amount (USD)")).toHaveValue("20.00");

  await openInApp(page, "/tasks");
  await expect(page.getByText("No tasks yet", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Create your first task" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await openInApp(page, "/tasks/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { name: "Task not found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Task History" }).click();
  await expect(page).toHaveURL(/\/tasks$/);
});

test("the dashboard form validates, executes, and the new task opens on its run", async ({ page }) => {
  await page.goto("/dashboard");
  const execute = page.getByRole("button", { name: "Execute" });
  await expect(execute).toBeDisabled();
  await page.getByLabel("Prompt").fill("   ");
  await expect(execute).toBeDisabled();
  await page.getByLabel("Prompt").fill("Find the price of the Aurora Desk Lamp");
  await expect(execute).toBeEnabled();

  await page.getByRole("button", { name: "Advanced Parameters" }).click();
  await expect(page.getByLabel("JSON Schema")).toHaveCount(0);
  await page.getByRole("radio", { name: "JSON" }).check({ force: true });
  await page.getByLabel("JSON Schema").fill("{ name: string }");
  await expect(page.getByText("This is not valid JSON; it will be sent as plain text.")).toBeVisible();
  await page.getByLabel("JSON Schema").fill('{"type": "object"}');
  await expect(page.getByText(/not valid JSON/)).toHaveCount(0);
  await page.getByRole("radio", { name: "Text" }).check({ force: true });
  await expect(page.getByLabel("JSON Schema")).toHaveCount(0);

  await page.getByLabel("Session Timeout").fill("10");
  await page.getByLabel("Initial URL").fill("example.com");
  await execute.click();
  await expect(page.getByText("Session Timeout must be a whole number from 30 to 3600 seconds.")).toBeVisible();
  await expect(page.getByText("Enter a full URL starting with http:// or https://.")).toBeVisible();
  await expect(page.getByLabel("Initial URL")).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByLabel("Session Timeout").fill("120");
  // A fixture page: the run must not depend on reaching the internet.
  const startUrl = `${e2eEnv().sitesUrl}/news`;
  await page.getByLabel("Initial URL").fill(startUrl);
  let sentBody: Record<string, unknown> = {};
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/v1/runs")
      sentBody = request.postDataJSON() as Record<string, unknown>;
  });
  await execute.click();
  // The new task opens with its latest run selected (the URL is replaced with the run's).
  await expect(page).toHaveURL(RUN_URL, { timeout: 15_000 });
  expect(sentBody).toMatchObject({
    prompt: "Find the price of the Aurora Desk Lamp",
    model: "gpt-4.1",
    provider: "openai",
    response_format: "text",
    session_timeout: 120,
    initial_url: startUrl,
  });
  await expect(page).toHaveTitle("Task Run Details | Errand");
  await expect(page.getByRole("heading", { name: "Task Run Details", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Task Details", level: 2 })).toBeVisible();
  await expectRunSucceeds(page);
  await expect(page.locator("pre").first()).toHaveText("Done.");
  await expect(page.getByText(/Execution time:/)).toBeVisible();
  // Not an admin: no Make Public.
  await expect(page.getByRole("button", { name: "Make Public" })).toHaveCount(0);

  // The task kept its settings.
  await page.getByRole("button", { name: "Advanced Parameters" }).click();
  await expect(page.getByLabel("Prompt")).toHaveValue("Find the price of the Aurora Desk Lamp");
  await expect(page.getByLabel("Session Timeout")).toHaveValue("120");
  await expect(page.getByLabel("Initial URL")).toHaveValue(startUrl);
  const runUrl = page.url();

  // Dashboard Task History: the run, its status, and its link.
  await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "Dashboard" }).click();
  const historyRow = page
    .getByRole("list", { name: "Latest runs" })
    .getByRole("link")
    .filter({ hasText: "Find the price of the Aurora Desk Lamp" });
  await expect(historyRow).toHaveCount(1);
  await expect(historyRow.locator("[data-status]")).toHaveText("Success");
  await historyRow.click();
  await expect(page).toHaveURL(runUrl);

  // Show More goes to /tasks: a thumbnail opens its run, a row click opens the task.
  await openInApp(page, "/dashboard");
  await page.getByRole("link", { name: "Show More" }).click();
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(page.getByRole("heading", { name: "Task History", level: 1 })).toBeVisible();
  for (const name of ["Description", "Latest Runs", "Created At"]) await expect(page.getByRole("columnheader", { name })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "Find the price of the Aurora Desk Lamp" });
  const thumbnail = row.getByRole("link", { name: /^Run of .*: Success$/ });
  await expect(thumbnail).toHaveAttribute("data-status", "success");
  await expect(thumbnail).toHaveClass(/border-green-500/);
  await thumbnail.click();
  await expect(page).toHaveURL(runUrl);
  await page.goBack();
  await row.getByRole("cell").nth(2).click();
  await expect(page).toHaveURL(runUrl);
});

test("steps arrive live, the latest is selected, and the finished run shows its answer", async ({ page }) => {
  await page.goto("/dashboard");
  await executePrompt(page, "[e2e:steps] What is the top story on the news site?");
  // While pending: the yellow badge, a Cancel button and the waiting row.
  await expect(runBadge(page)).toHaveText("Pending");
  await expect(page.getByRole("button", { name: "Cancel run" })).toBeVisible();
  await expect(page.getByText("Waiting for next step...")).toBeVisible();
  await expect(page.getByText("The result will appear here when the run ends.")).toBeVisible();

  const steps = page.getByRole("list", { name: "Steps" });
  await expect(steps.getByRole("button", { name: /^Step 1/ })).toBeVisible({ timeout: 20_000 });
  // Still running when the first step lands: it is selected and shown with its screenshot.
  await expect(page.getByRole("article", { name: /^Step \d+ details$/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Screenshot of step \d+$/ })).toBeVisible({ timeout: 15_000 });

  await expectRunSucceeds(page);
  await expect(page.getByText("Waiting for next step...")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Cancel run" })).toHaveCount(0);
  const stepButtons = steps.getByRole("button");
  await expect(stepButtons).toHaveCount(4);
  await expect(stepButtons.last()).toHaveAttribute("aria-current", "step");
  await expect(stepButtons.last()).toContainText("Success");
  await expect(page.locator("pre").first()).toHaveText(STEPS_ANSWER);

  // Picking an older step shows it.
  await stepButtons.first().click();
  await expect(stepButtons.first()).toHaveAttribute("aria-current", "step");
  await expect(page.getByRole("article", { name: "Step 1 details" })).toContainText(/Navigate to http/);
  await expect(page.getByRole("img", { name: "Screenshot of step 1" })).toBeVisible();

  // The run's thumbnail shows on the dashboard.
  await openInApp(page, "/dashboard");
  const historyRow = page.getByRole("list", { name: "Latest runs" }).getByRole("link").filter({ hasText: "[e2e:steps]" });
  await expect(historyRow.locator("img")).toBeVisible({ timeout: 15_000 });
});

test("a one-key list result is a table with a Text toggle and a CSV download", async ({ page }) => {
  await page.goto("/dashboard");
  await page.getByLabel("Prompt").fill("[e2e:table] List the customers with their revenue");
  await page.getByRole("button", { name: "Advanced Parameters" }).click();
  await page.getByRole("radio", { name: "JSON" }).check({ force: true });
  await page.getByRole("button", { name: "Execute" }).click();
  await expect(page).toHaveURL(RUN_URL, { timeout: 15_000 });
  await expectRunSucceeds(page);

  const table = page.getByRole("region", { name: "Result table: customers" });
  await expect(table.getByRole("columnheader")).toHaveText(["name", "city", "revenue"]);
  await expect(table.getByRole("row")).toHaveCount(4);
  await expect(table.getByRole("row").nth(3)).toContainText('Quote "Co", Ltd');

  await page.getByRole("button", { name: "Text", exact: true }).click();
  await expect(page.getByRole("button", { name: "Text", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(table).toHaveCount(0);
  await expect(page.locator("pre").first()).toContainText('"customers": [');
  await page.getByRole("button", { name: "Table", exact: true }).click();
  await expect(table).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^results-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, "utf8");
  expect(csv).toBe(
    'name,city,revenue\r\nHelios Energy,Madrid,"$305,480"\r\nTundra Logistics,Helsinki,"$23,750"\r\n"Quote ""Co"", Ltd",Denver,"$1,000"\r\n',
  );
});

test("Save Task keeps the edit, Save & Run adds a run and the selector lists both", async ({ page }) => {
  await page.goto("/dashboard");
  await executePrompt(page, "First version of the prompt");
  await expectRunSucceeds(page);
  const firstRun = page.url();

  await page.getByLabel("Prompt").fill("Second version of the prompt");
  await page.getByRole("button", { name: "Save Task" }).click();
  await expect(page.getByText("Task saved successfully.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Prompt")).toHaveValue("Second version of the prompt");

  await page.getByLabel("Prompt").fill("Third version of the prompt");
  await page.getByRole("button", { name: "Save & Run" }).click();
  await expect(page).not.toHaveURL(firstRun, { timeout: 15_000 });
  await expect(page).toHaveURL(RUN_URL);
  await expectRunSucceeds(page);
  const selector = page.getByLabel("Run", { exact: true });
  await expect(selector.locator("option")).toHaveCount(2);
  await expect(selector.locator("option").first()).toHaveText(/^#2 · Success · /);

  // Picking the older run in the selector opens it.
  await selector.selectOption({ index: 1 });
  await expect(page).toHaveURL(firstRun);
  await page.reload();
  await expect(page.getByLabel("Prompt")).toHaveValue("Third version of the prompt");

  // Blank prompt: both buttons are disabled.
  await page.getByLabel("Prompt").fill("");
  await expect(page.getByRole("button", { name: "Save Task" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Save & Run" })).toBeDisabled();
});

test("demo: a private run is not found; an admin makes it public and a visitor replays it", async ({ browser, baseURL }) => {
  test.setTimeout(150_000);
  const adminContext = await browser.newContext({ baseURL, storageState: SIGNED_OUT });
  const page = await adminContext.newPage();
  // One admin account per server: sign up, or log in when an earlier run of this test created it.
  if ((await signUpWaitingForRateLimit(page, ADMIN_EMAIL)) !== 200) {
    await logIn(page, ADMIN_EMAIL);
  }
  await expect(page).toHaveURL(/\/dashboard$/);

  await executePrompt(page, "[e2e:steps] A run worth showing");
  await expectRunSucceeds(page);
  const runId = page.url().split("/").pop()!;

  const visitor = await browser.newContext({ baseURL, storageState: SIGNED_OUT });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/demo/${runId}`);
  await expect(visitorPage.getByRole("heading", { name: "Demo Not Found" })).toBeVisible();
  await expect(visitorPage.getByText("The requested demo could not be found or does not exist.")).toBeVisible();

  await expect(page.getByRole("link", { name: "View Demo" })).toHaveCount(0);
  await page.getByRole("button", { name: "Make Public" }).click();
  await expect(page.getByText("Task run has been made public successfully!")).toBeVisible();
  await expect(page.getByRole("button", { name: "Make Public" })).toHaveCount(0);
  const viewDemo = page.getByRole("link", { name: "View Demo" });
  await expect(viewDemo).toHaveAttribute("href", `/demo/${runId}`);
  await expect(viewDemo).toHaveAttribute("target", "_blank");

  await visitorPage.reload();
  await expect(visitorPage.getByRole("heading", { name: "Demo", level: 1 })).toBeVisible();
  await expect(visitorPage.getByText("[e2e:steps] A run worth showing")).toBeVisible();
  const progress = visitorPage.getByRole("progressbar", { name: "Replay progress" });
  await expect(progress).toHaveAttribute("aria-valuenow", "0");
  await visitorPage.getByRole("button", { name: "Replay Execution" }).click();
  // Four steps, one every 500 ms.
  await expect(visitorPage.getByText("Replaying...")).toBeVisible();
  await expect(visitorPage.getByRole("button", { name: "Replay again" })).toBeVisible();
  await expect(progress).toHaveAttribute("aria-valuenow", "100");
  const demoSteps = visitorPage.getByRole("list", { name: "Demo steps" }).getByRole("button");
  await expect(demoSteps).toHaveCount(4);
  await expect(visitorPage.getByRole("img", { name: "Screenshot of step 4" })).toBeVisible();
  await demoSteps.first().click();
  await expect(visitorPage.getByRole("img", { name: "Screenshot of step 1" })).toBeVisible();
  await expect(visitorPage.locator("pre").first()).toHaveText(STEPS_ANSWER);

  await expect(visitorPage.getByRole("heading", { name: "Want to try this automation?" })).toBeVisible();
  await visitorPage.getByRole("button", { name: "Try This Automation" }).click();
  await expect(visitorPage).toHaveURL(/\/login$/);
  const draft = await visitorPage.evaluate<string | null>('localStorage.getItem("errand.task-draft")');
  expect(JSON.parse(draft ?? "{}")).toMatchObject({ prompt: "[e2e:steps] A run worth showing", responseFormat: "text" });
  await visitor.close();
  await adminContext.close();
});

test.describe("with a second account", () => {
  test.use({ storageState: async ({ secondAccount }, use) => use(secondAccount) });

  test("the API key is masked, revealed, copied, regenerated, and works from a plain HTTP client", async ({ page, context, request }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/dashboard");
    await page.getByRole("navigation", { name: "Workspace" }).getByRole("link", { name: "API keys" }).click();
    await expect(page).toHaveURL(/\/api-keys$/);
    await expect(page.getByRole("heading", { name: "API Keys", level: 1 })).toBeVisible();

    const shown = page.getByLabel("API key", { exact: true });
    await expect(shown).toContainText("•");
    await page.getByRole("button", { name: "Show API key" }).click();
    await expect(shown).toHaveText(/^errand_sk_\S{20,}$/);
    const firstKey = (await shown.textContent())!.trim();
    await page.getByRole("button", { name: "Hide API key" }).click();
    await expect(shown).toContainText("•");

    await page.getByRole("button", { name: "Copy API key" }).click();
    await expect(page.getByText("API key copied")).toBeVisible();
    await expect(page.getByText("API key has been copied to clipboard.")).toBeVisible();
    expect(await page.evaluate<string>("navigator.clipboard.readText()")).toBe(firstKey);

    // The key creates and reads a run without any cookie.
    const created = await request.post("/api/v1/runs", {
      headers: { "x-api-key": firstKey },
      data: { prompt: "Created from the API" },
    });
    expect(created.status()).toBe(201);
    const { id, task_id: taskId } = (await created.json()) as { id: string; task_id: string };
    const readRun = async (key: string) => request.get(`/api/v1/runs/${id}`, { headers: { "x-api-key": key } });
    expect(await (await readRun(firstKey)).json()).toMatchObject({ id, task_id: taskId, prompt: "Created from the API" });
    await expect
      .poll(async () => ((await (await readRun(firstKey)).json()) as { status: string }).status, { timeout: 30_000 })
      .toBe("success");
    expect(await (await readRun(firstKey)).json()).toMatchObject({ result: "Done." });

    // The run made through the API shows in the web app too (its task was never read by this page).
    await openInApp(page, `/tasks/${taskId}`);
    await expect(page).toHaveURL(new RegExp(`/tasks/${taskId}/task-runs/${id}$`));
    await expect(runBadge(page)).toHaveText("Success");

    // Regenerate: the old key stops working at once.
    await openInApp(page, "/api-keys");
    await page.getByRole("button", { name: "Regenerate key" }).click();
    const dialog = page.getByRole("dialog", { name: "Regenerate your API key?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Regenerate" }).click();
    await expect(page.getByText("API key regenerated")).toBeVisible();
    await expect(shown).toHaveText(/^errand_sk_/);
    const secondKey = (await shown.textContent())!.trim();
    expect(secondKey).not.toBe(firstKey);

    expect((await readRun(firstKey)).status()).toBe(401);
    expect((await readRun(secondKey)).status()).toBe(200);
  });

  test("a stored task draft pre-fills the form once and running without its auth context asks first", async ({ page }) => {
    await page.goto("/dashboard");
    // The page must have read (and cleared) any draft before ours is stored, or it takes ours.
    await expect(page.getByLabel("Prompt")).toBeVisible();
    const draft = {
      prompt: "Drafted on the home page",
      authContextId: "6f1c9a57-3c1e-4b8e-9a2f-1d2c3b4a5e6f",
      responseFormat: "json",
      jsonSchema: '{"type":"object"}',
      sessionTimeout: 90,
      initialUrl: `${e2eEnv().sitesUrl}/news`,
      webhookUrl: "",
    };
    await page.evaluate(`localStorage.setItem("errand.task-draft", ${JSON.stringify(JSON.stringify(draft))})`);
    await page.reload();
    await expect(page.getByLabel("Prompt")).toHaveValue("Drafted on the home page");
    // Advanced values from the draft open the section.
    await expect(page.getByRole("radio", { name: "JSON" })).toBeChecked();
    await expect(page.getByLabel("JSON Schema")).toHaveValue('{"type":"object"}');
    await expect(page.getByLabel("Session Timeout")).toHaveValue("90");
    await expect(page.getByLabel("Initial URL")).toHaveValue(`${e2eEnv().sitesUrl}/news`);
    // The context is not one of this person's: None is selected.
    await expect(page.getByLabel("Auth Context", { exact: true })).toHaveValue("");
    expect(await page.evaluate<string | null>('localStorage.getItem("errand.task-draft")')).toBeNull();

    await page.getByRole("button", { name: "Execute" }).click();
    const dialog = page.getByRole("dialog", { name: "Authentication Context Required" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.getByRole("button", { name: "Execute" }).click();
    await dialog.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(RUN_URL, { timeout: 15_000 });

    // The draft was used once.
    await openInApp(page, "/dashboard");
    await expect(page.getByLabel("Prompt")).toHaveValue("");
  });

  test("execution is blocked with 'No Credits Available' when credits and free prompts are both zero", async ({ page }) => {
    await page.route("**/api/v1/account", async (route) => {
      const response = await route.fetch();
      const account = (await response.json()) as { balance: Record<string, number> };
      await route.fulfill({ response, json: { ...account, balance: { ...account.balance, freePrompts: 0, credits: 0 } } });
    });
    let runPosts = 0;
    page.on("request", (req) => {
      if (req.method() === "POST" && new URL(req.url()).pathname === "/api/v1/runs") runPosts += 1;
    });
    await page.goto("/dashboard");
    await expect(page.getByText(/Free prompts:\s*0/)).toBeVisible();
    await page.getByLabel("Prompt").fill("Anything at all");
    await page.getByRole("button", { name: "Execute" }).click();
    await expect(page.getByText("No Credits Available")).toBeVisible();
    await expect(page.getByText("You have no credits or free prompts remaining. Please purchase more to continue.")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("button", { name: "Execute" })).toBeEnabled();
    expect(runPosts).toBe(0);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test("the workspace pages fit the screen", async ({ page }) => {
      await page.goto("/dashboard");
      await executePrompt(page, "[e2e:table] A task seen on a phone");
      await expectRunSucceeds(page);
      const runPath = new URL(page.url()).pathname;
      for (const path of ["/dashboard", "/tasks", "/api-keys", runPath]) {
        await openInApp(page, path);
        await expect(page.locator("main h1").first()).toBeVisible();
        const overflow = await page.evaluate<number>("document.documentElement.scrollWidth - document.documentElement.clientWidth");
        expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
      }
    });
  });
});
