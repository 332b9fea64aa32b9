import { contactMessages } from "@errand/db";
import { seedAutomations, type AutomationSeed } from "@errand/services/automations";
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { appTestWithoutQueue } from "../../testing/app-test.ts";
import { json, TEST_BASE_URL, type TestApp } from "../../testing/test-app.ts";
import { fakeWebBuild } from "../../testing/web-build.ts";

// The test database is shared: every entry here carries this run's token.
const token = crypto.randomUUID().slice(0, 8);
const seed = (name: string, over: Partial<AutomationSeed> = {}): AutomationSeed => ({
  slug: `${name}-${token}`,
  title: `${name} ${token}`,
  description: `What ${name} does, <b>in bold</b> & "quoted".`,
  website: "hacker-news",
  categories: [`cat-${token}`],
  needAuth: false,
  prompt: `Do ${name}`,
  initialUrl: "https://news.ycombinator.com/",
  responseFormat: "text",
  jsonSchema: null,
  ...over,
});

const it = appTestWithoutQueue.extend("appOptions", { webDir: fakeWebBuild() });
let t: TestApp;
it.beforeAll(async ({ app }) => {
  t = app;
  await seedAutomations({
    ctx: t.ctx,
    input: { catalog: [seed("alpha"), seed("beta", { website: "x", categories: [`cat-${token}`, `other-${token}`], needAuth: true })] },
  });
});

describe("marketplace API (public)", () => {
  it("lists, filters and counts without a key", async () => {
    const all = await json(await t.app.request(`/api/v1/automations?search=${token}`));
    expect(all.automations.map((a: { slug: string }) => a.slug)).toEqual([`alpha-${token}`, `beta-${token}`]);
    const byApp = await json(await t.app.request(`/api/v1/automations?search=${token}&application=x`));
    expect(byApp.automations).toMatchObject([{ slug: `beta-${token}`, need_auth: true, website: "x" }]);
    const byCategory = await json(await t.app.request(`/api/v1/automations?category=other-${token}`));
    expect(byCategory.automations).toHaveLength(1);

    const facets = await json(await t.app.request("/api/v1/automations/facets"));
    expect(facets.categories).toEqual(
      expect.arrayContaining([
        { category: `cat-${token}`, count: 2 },
        { category: `other-${token}`, count: 1 },
      ]),
    );
  });

  it("gives one automation by slug with any integration suffix, and a 404 otherwise", async () => {
    const res = await t.app.request(`/api/v1/automations/alpha-${token}-zapier`);
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ slug: `alpha-${token}`, prompt: "Do alpha", run_id: null, session_timeout: 300 });
    const missing = await t.app.request("/api/v1/automations/no-such-automation");
    expect(missing.status).toBe(404);
    expect(await json(missing)).toMatchObject({ error: { code: "not_found", message: "Automation not found" } });
  });
});

describe("contact messages", () => {
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    t.app.request("/api/v1/contact-messages", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": t.freshIp(), ...headers },
      body: JSON.stringify(body),
    });

  it("names each bad field with the spec's messages", async () => {
    const res = await post({ email: "not-an-email", message: "short" });
    expect(res.status).toBe(400);
    const { error } = await json(res);
    expect(error.fields).toEqual(
      expect.arrayContaining([
        { path: "email", message: "Please enter a valid email address" },
        { path: "message", message: "Message must be at least 10 characters" },
      ]),
    );
    const empty = await json(await post({ email: "a@example.com", message: "   " }));
    expect(empty.error.fields[0]).toEqual({ path: "message", message: "Message is required" });
  });

  it("stores a visitor's message with no user, and a signed-in one's with theirs", async () => {
    const visitor = `visitor-${token}@example.com`;
    expect((await post({ email: visitor, message: "Do you offer an on-premise licence?" })).status).toBe(201);
    const caller = await t.newCaller();
    const res = await post(
      { email: caller.email, message: "Please raise my rate limit." },
      { cookie: caller.cookie, origin: TEST_BASE_URL },
    );
    expect(res.status).toBe(201);
    const [anonymous] = await t.ctx.db.select().from(contactMessages).where(eq(contactMessages.email, visitor));
    expect(anonymous?.userId).toBeNull();
    const [signedIn] = await t.ctx.db.select().from(contactMessages).where(eq(contactMessages.email, caller.email));
    expect(signedIn?.userId).toBe(caller.userId);
  });

  it("limits one address to a handful of messages", async () => {
    const ip = t.freshIp();
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await post({ email: "c@example.com", message: "One more question for you." }, { "x-forwarded-for": ip })).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

describe("pages for clients that run no JavaScript", () => {
  it("puts an automation's title, description, canonical link, Open Graph and structured data in the HTML", async () => {
    const res = await t.app.request(`/automations/alpha-${token}-make`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<title data-ssr>alpha ${token} | Errand</title>`);
    expect(html).toContain(
      `<meta data-ssr name="description" content="What alpha does, &lt;b&gt;in bold&lt;/b&gt; &amp; &quot;quoted&quot;.">`,
    );
    expect(html).toContain(`<link data-ssr rel="canonical" href="${TEST_BASE_URL}/automations/alpha-${token}">`);
    expect(html).toContain(`<meta data-ssr property="og:title" content="alpha ${token} | Errand">`);
    const jsonLd = [...html.matchAll(/<script data-ssr type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
    expect(jsonLd[0]).toMatchObject({
      "@type": "SoftwareApplication",
      name: `alpha ${token}`,
      offers: { "@type": "Offer", price: "0", priceCurrency: "USD" },
    });
    // "<b>" inside JSON-LD cannot open a tag.
    expect(html).not.toContain("<b>in bold</b>");
  });

  it("answers 404 for an unknown automation and lists the first 10 on the marketplace", async () => {
    expect((await t.app.request("/automations/no-such-automation")).status).toBe(404);
    // A NUL (or any control character) in a page's path names no page; it never reaches a query.
    for (const page of ["/automations/%00", "/automations/categories/a%00b", "/automations/applications/%0d%0a", "/%00"]) {
      expect((await t.app.request(page)).status, page).toBe(404);
    }
    const html = await (await t.app.request("/automations")).text();
    expect(html).toContain("<title data-ssr>Automations | Errand</title>");
    const list = JSON.parse(/<script data-ssr type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
    expect(list["@type"]).toBe("ItemList");
    expect(list.itemListElement.length).toBeGreaterThan(0);
    expect(list.itemListElement.length).toBeLessThanOrEqual(10);
  });

  it("embeds the public answers a category page asks for first, so it needs no round trip", async () => {
    // A category outside the shipped list is still a page while automations use it.
    const res = await t.app.request(`/automations/categories/other-${token}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const embedded = JSON.parse(/<script type="application\/json" id="errand-embedded-responses">(.*?)<\/script>/.exec(html)![1]!);
    const fromApi = await json(await t.app.request(`/api/v1/automations?category=other-${token}`));
    expect(embedded[`/api/v1/automations?category=other-${token}`]).toEqual(fromApi);
    expect(embedded["/api/v1/automations/facets"].total).toBeGreaterThanOrEqual(2);
    expect((await t.app.request(`/automations/categories/unused-${token}`)).status).toBe(404);
  });

  it("serves robots.txt and a sitemap with every automation", async () => {
    const robots = await (await t.app.request("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${TEST_BASE_URL}/sitemap.xml`);
    expect(robots).toContain("Disallow: /dashboard");
    const sitemap = await t.app.request("/sitemap.xml");
    expect(sitemap.headers.get("content-type")).toContain("application/xml");
    const xml = await sitemap.text();
    for (const loc of ["/", "/features", "/zapier-integration", `/automations/alpha-${token}`, `/automations/categories/cat-${token}`]) {
      expect(xml).toContain(`<loc>${TEST_BASE_URL}${loc}</loc>`);
    }
  });
});
