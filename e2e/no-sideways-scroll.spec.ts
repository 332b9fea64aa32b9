import { expect, test, type APIRequestContext, type Page } from "./fixtures.ts";
import { APP_ROUTE_PATTERNS } from "../apps/server/src/seo/app-paths.ts";
import { APPLICATIONS } from "@errand/content/applications";
import { CATEGORIES } from "@errand/content/categories";
import { INTEGRATION_NAMES } from "@errand/contract";
import { e2eEnv } from "./e2e-env.ts";
import { createAccount, signInAsAdmin, uniqueEmail } from "./helpers.ts";

/*
 * No page scrolls sideways on a 360 px phone: every route of the router (checked against
 * apps/server/src/seo/app-paths.ts), every automation, category and application of the
 * catalogue, and the signed-in pages filled with long data (URLs without a break, long names).
 */
test.use({ viewport: { width: 360, height: 780 } });

/** A URL that no browser can break anywhere but inside the word: the usual cause of sideways scroll. */
// A closed loopback port: the run's start page and webhook go nowhere, and no test traffic leaves the machine.
const LONG_URL = `http://127.0.0.1:9/${"a-very-long-path-segment-without-spaces".repeat(6)}?ref=${"x".repeat(160)}`;
const LONG_WORD = "Supercalifragilisticexpialidocious".repeat(5);

/**
 * In the page: the document's widths, and the innermost elements that reach past the right edge
 * outside any scroller that clips them (what to fix). A string: this project's e2e code is typed
 * without the DOM library.
 */
const MEASURE = `(() => {
  const root = document.scrollingElement;
  const width = root.clientWidth;
  const past = (el) => el.getBoundingClientRect().right > width + 1;
  const clipped = (el) => {
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      if (getComputedStyle(up).overflowX !== "visible") return true;
    }
    return false;
  };
  const culprits = [...document.querySelectorAll("body *")]
    .filter((el) => past(el) && !clipped(el) && ![...el.children].some(past))
    .slice(0, 3)
    .map((el) => "<" + el.tagName.toLowerCase() + ' class="' + (el.getAttribute("class") || "") + '"> ' + (el.textContent || "").slice(0, 40));
  return { scrollWidth: root.scrollWidth, clientWidth: width, culprits };
})()`;

/** Waits until the page has no skeleton or loading spinner left, then reads its widths. */
async function expectNoSidewaysScroll(page: Page, path: string) {
  await page.goto(path);
  await expectPageFits(page, path);
}

async function automations(request: APIRequestContext): Promise<{ slug: string; title: string }[]> {
  const body = (await (await request.get("/api/v1/automations")).json()) as { automations: { slug: string; title: string }[] };
  return body.automations;
}

/**
 * Moves the loaded app to `path` through its own router (as a Back does: popstate), without
 * reloading the document: a walk through many pages of one kind pays one page load, not one each.
 */
async function goInApp(page: Page, path: string) {
  await page.evaluate(`history.pushState(null, "", ${JSON.stringify(path)}); dispatchEvent(new PopStateEvent("popstate"))`);
}

/**
 * The same for pages whose content is made anew for each path (a keyed or another component):
 * done once nothing of the page it left is in the main area.
 */
async function goInAppToNewPage(page: Page, path: string) {
  await page.evaluate(`for (const el of document.querySelector("main").children) el.setAttribute("data-e2e-left", "")`);
  await goInApp(page, path);
  await expect(page.locator("main > [data-e2e-left]")).toHaveCount(0);
}

/** Reads the widths of the page in view (once it has no skeleton or spinner left). */
async function expectPageFits(page: Page, path: string) {
  await expect(page.locator('[data-slot="skeleton"], [role="status"][aria-label^="Loading"]')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator("main")).not.toBeEmpty();
  const overflow = (await page.evaluate(MEASURE)) as { scrollWidth: number; clientWidth: number; culprits: string[] };
  // Soft: every page is checked, and each one that scrolls is named.
  expect.soft(overflow.scrollWidth, `${path} scrolls sideways: ${overflow.culprits.join(" | ")}`).toBeLessThanOrEqual(overflow.clientWidth);
}

const PUBLIC_PATHS = [
  ...["/", "/features", "/contact", "/docs", "/terms", "/privacy", "/login", "/signup", "/forgot-password", "/reset-password?token=nope"],
  ...["/automations", "/404", "/no-such-page", ...INTEGRATION_NAMES.map((name) => `/${name}-integration`)],
];

/** The signed-in pages visited, for a text run, a table run, a batch and a saved login. */
const signedInPaths = (
  text: { id: string; task_id: string },
  table: { id: string; task_id: string },
  batch: { id: string; task_id: string },
  authContextId: string,
) => [
  "/dashboard",
  "/tasks",
  `/tasks/${text.task_id}`,
  `/tasks/${text.task_id}/task-runs/${text.id}`,
  `/tasks/${table.task_id}/task-runs/${table.id}`,
  `/tasks/${batch.task_id}/batches/${batch.id}`,
  "/credits",
  "/api-keys",
  "/auth-contexts",
  "/auth-contexts/new",
  `/auth-contexts/${authContextId}/login`,
  "/workspace",
  "/workspace/audit-log",
  "/evaluations",
  "/evaluations/new",
];

test("covers every route the app has", () => {
  // Every kind of path the tests below visit, with stand-in ids and slugs.
  const run = { id: "r", task_id: "t" };
  const visited = [
    ...PUBLIC_PATHS,
    ...["/automations/slug", "/automations/slug-zapier", "/automations/categories/c", "/automations/applications/a"],
    ...signedInPaths(run, run, run, "c"),
    // The invitation page is measured by workspaces.spec.ts; an evaluation's report, its shared
    // page and /runs/{id} (which only redirects to the run's page) by evaluations.spec.ts; a
    // guide by guides.spec.ts.
    ...["/shared/token", "/demo/r", "/invitations/token", "/evaluations/e", "/shared/evaluations/token", "/runs/r", "/docs/guides/g"],
  ].map((path) => new URL(path, "http://x").pathname);
  const patterns = APP_ROUTE_PATTERNS.map((pattern) => ({
    pattern,
    regex: new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, "[^/]+")}$`, "i"),
  }));
  expect(patterns.filter(({ regex }) => !visited.some((path) => regex.test(path))).map(({ pattern }) => pattern)).toEqual([]);
});

test("public pages, integration pages and the not-found page", async ({ page }) => {
  test.setTimeout(120_000);
  for (const [i, path] of PUBLIC_PATHS.entries()) {
    // Loaded: the first, and the integration pages (one component for all of them, and for an
    // unknown path, keeps its elements from one to the next); the others are reached in the app.
    if (i === 0 || path.endsWith("-integration")) await expectNoSidewaysScroll(page, path);
    else {
      await goInAppToNewPage(page, path);
      await expectPageFits(page, path);
    }
  }
});

test("every automation of the catalogue, with one integration tab", async ({ page, request }) => {
  test.setTimeout(180_000);
  const catalogue = await automations(request);
  expect(catalogue.length).toBeGreaterThanOrEqual(40);
  // The first loaded, the others reached in the app: each is measured once its breadcrumb names it.
  const current = page.locator('nav[aria-label="Breadcrumb"] [aria-current="page"]');
  for (const [i, { slug, title }] of catalogue.entries()) {
    const path = `/automations/${slug}`;
    if (i === 0) await page.goto(path);
    else await goInApp(page, path);
    await expect(current).toHaveText(title);
    await expectPageFits(page, path);
  }
  await expectNoSidewaysScroll(page, `/automations/${catalogue[0]!.slug}-zapier`);
  await expectNoSidewaysScroll(page, "/automations/no-such-automation");
});

test("every category and application page, known or not", async ({ page, request }) => {
  test.setTimeout(120_000);
  const facets = (await (await request.get("/api/v1/automations/facets")).json()) as { categories: { category: string }[] };
  const categories = new Set([...CATEGORIES.map((c) => c.slug), ...facets.categories.map((c) => c.category), "no-such-category"]);
  const paths = [
    ...[...categories].map((category) => `/automations/categories/${category}`),
    ...[...APPLICATIONS.map((a) => a.key), "no-such-application"].map((application) => `/automations/applications/${application}`),
  ];
  // The first loaded, the others reached in the app (each category's page is made anew).
  await expectNoSidewaysScroll(page, paths[0]!);
  for (const path of paths.slice(1)) {
    await goInAppToNewPage(page, path);
    await expectPageFits(page, path);
  }
});

test("the signed-in pages, filled with long prompts, URLs and names", async ({ page, browser, baseURL }) => {
  test.setTimeout(150_000);
  const { sitesUrl } = e2eEnv();
  // Signed in without a page: the first path below is the first load.
  await createAccount(page, uniqueEmail("wide"));
  const origin = { origin: baseURL! };
  const post = async (path: string, data: unknown) => {
    const res = await page.request.post(`/api/v1${path}`, { headers: origin, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    return res.json();
  };
  // A text run and a table run, each with an unbreakable URL in the prompt and its settings.
  const textRun = (await post("/runs", {
    prompt: `Open ${LONG_URL} and read ${LONG_WORD}`,
    initial_url: LONG_URL,
    webhook_url: LONG_URL,
  })) as { id: string; task_id: string };
  const tableRun = (await post("/runs", { prompt: `[e2e:table] ${LONG_URL}`, response_format: "json" })) as { id: string; task_id: string };
  // A batch of one row whose input is an unbreakable word, over a task whose prompt names it.
  const listRun = (await post("/runs", { prompt: `[e2e:table] Read {{page}} at ${LONG_URL}`, response_format: "json" })) as {
    task_id: string;
  };
  const batch = (await post(`/tasks/${listRun.task_id}/batches`, { rows: [{ page: LONG_WORD }] })) as { id: string; task_id: string };
  // A saved login with a long name and long URLs (through a real live session on the fixture site).
  const session = (await post("/auth-contexts/sessions", { urls: [`${sitesUrl}/login`] })) as { id: string };
  const context = (await post("/auth-contexts", {
    name: LONG_WORD.slice(0, 100),
    urls: [`${sitesUrl}/login?${"q".repeat(200)}`, `${sitesUrl}/${"b".repeat(180)}`],
    session_id: session.id,
  })) as { id: string };
  const share = (await post(`/runs/${textRun.id}/share`, {})) as { url: string };
  for (const run of [textRun, tableRun]) {
    await expect
      .poll(async () => ((await (await page.request.get(`/api/v1/runs/${run.id}`)).json()) as { status: string }).status, {
        timeout: 30_000,
      })
      .not.toBe("pending");
  }

  for (const [i, path] of signedInPaths(textRun, tableRun, batch, context.id).entries()) {
    // Loaded: the first, and the task pages (one component for a task and its runs keeps its
    // elements from one to the next); the others are reached in the app.
    if (i === 0 || path.startsWith("/tasks/")) await expectNoSidewaysScroll(page, path);
    else {
      await goInAppToNewPage(page, path);
      await expectPageFits(page, path);
    }
  }

  // The same run as a visitor sees it: through its share link, and as a public demo.
  const visitor = await browser.newPage({ baseURL, viewport: { width: 360, height: 780 } });
  await expectNoSidewaysScroll(visitor, new URL(share.url).pathname);
  await signInAsAdmin(visitor);
  const adminRun = (await (
    await visitor.request.post("/api/v1/runs", { headers: origin, data: { prompt: `Open ${LONG_URL} and read ${LONG_WORD}` } })
  ).json()) as { id: string };
  expect((await visitor.request.get(`/api/v1/runs/${adminRun.id}/make-public`, { headers: origin })).ok()).toBe(true);
  await expectNoSidewaysScroll(visitor, `/demo/${adminRun.id}`);
  await visitor.close();
});
