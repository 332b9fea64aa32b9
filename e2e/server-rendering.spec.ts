import { expect, test, type Page } from "./fixtures.ts";

/*
 * ADR 0012: the public pages arrive rendered by the server, and the browser hydrates
 * that HTML, keeping its elements, with nothing on the console (a hydration mismatch is
 * reported there, as is anything the Content-Security-Policy refuses).
 */
interface Summary {
  slug: string;
  title: string;
}
const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'" };
/** The text of the page's rendered body (#root): tags left out, React's entities read back. */
const textOf = (html: string) =>
  (/<div id="root">([\s\S]*)<\/body>/.exec(html)?.[1] ?? "")
    .replace(/<[^>]+>/g, "")
    .replace(/&(?:amp|lt|gt|quot|#x27);/g, (entity) => ENTITIES[entity]!);
/** The cards the marketplace renders at once (CardGrid). */
const CARDS_AT_ONCE = 12;

test("the home page and the marketplace hold their headings and automation titles in the HTML itself", async ({ request }) => {
  const home = await (await request.get("/")).text();
  expect(textOf(home)).toContain("Automate any web task with a simple prompt");

  const { automations } = (await (await request.get("/api/v1/automations")).json()) as { automations: Summary[] };
  expect(automations.length).toBeGreaterThan(0);
  const marketplace = await (await request.get("/automations")).text();
  expect(marketplace).toMatch(/<h1[^>]*>Automations<\/h1>/);
  // The first dozen cards (the browser adds the rest a dozen per task, after hydrating).
  for (const automation of automations.slice(0, CARDS_AT_ONCE)) expect(textOf(marketplace), automation.slug).toContain(automation.title);

  const detail = await (await request.get(`/automations/${automations[0]!.slug}`)).text();
  expect(textOf(detail)).toContain(automations[0]!.title);
});

test("without JavaScript, a visitor still reads the marketplace and an automation page", async ({ browser, request }) => {
  const { automations } = (await (await request.get("/api/v1/automations")).json()) as { automations: Summary[] };
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/automations");
  await expect(page.getByRole("heading", { level: 1, name: "Automations" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Automations" }).getByRole("listitem")).toHaveCount(
    Math.min(CARDS_AT_ONCE, automations.length),
  );
  await page.goto(`/automations/${automations[0]!.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: automations[0]!.title })).toBeVisible();
  // A button has no handler without its script: it says so instead of swallowing the click.
  await expect(page.getByRole("button", { name: "Try This Automation" })).toBeDisabled();
  await context.close();
});

/** Console errors and warnings, and uncaught errors, from now on. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

/** Whether React has taken the page's heading over (it keeps its fiber on the DOM node). */
const HYDRATED = `Object.keys(document.querySelector("main h1") ?? {}).some((key) => key.startsWith("__reactFiber"))`;

test("each kind of public page hydrates the server's HTML in place, with nothing on the console", async ({ page, request }) => {
  test.setTimeout(90_000);
  const { automations } = (await (await request.get("/api/v1/automations")).json()) as { automations: Summary[] };
  const facets = (await (await request.get("/api/v1/automations/facets")).json()) as {
    categories: { category: string }[];
    applications: { application: string }[];
  };
  const pages = [
    "/",
    "/features",
    "/contact",
    "/zapier-integration",
    "/automations",
    `/automations/categories/${facets.categories[0]!.category}`,
    `/automations/applications/${facets.applications[0]!.application}`,
    `/automations/${automations[0]!.slug}`,
  ];
  const problems = watchConsole(page);
  for (const url of pages) {
    // The scripts are held back until the server's HTML is on screen and its heading marked.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/*.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(url, { waitUntil: "commit" });
    await expect(page.locator("main h1").first(), url).toBeVisible();
    expect(await page.evaluate<boolean>(HYDRATED), url).toBe(false);
    await page.evaluate(`window.serverHeading = document.querySelector("main h1")`);
    release();
    await page.unrouteAll({ behavior: "wait" });
    await expect.poll(() => page.evaluate<boolean>(HYDRATED), { message: url }).toBe(true);
    await page.waitForLoadState("networkidle");
    expect(problems, url).toEqual([]);
    // The same element: hydrated, not replaced by a client render.
    expect(await page.evaluate<boolean>(`document.querySelector("main h1") === window.serverHeading`), url).toBe(true);
  }
});
