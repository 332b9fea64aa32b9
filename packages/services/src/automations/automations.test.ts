import { automations, contactMessages, tasks, tasksRuns } from "@errand/db";
import { createIsolatedTestDb, createTestUser } from "@errand/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestContext, testCaller } from "../testing.ts";
import { getAutomation, getAutomationFacets, listAutomations, seedAutomations, setAutomationDemo, type AutomationSeed } from "./index.ts";
import { sendContactMessage, CONTACT_RATE_LIMIT } from "../contact/index.ts";
import type { ServiceContext } from "../index.ts";

// Its own database: these tests count the whole marketplace.
let db: Awaited<ReturnType<typeof createIsolatedTestDb>>;
let ctx: ServiceContext;
beforeAll(async () => {
  db = await createIsolatedTestDb();
  ctx = makeTestContext(db.db);
});
afterAll(async () => db.close());

const entry = (slug: string, over: Partial<AutomationSeed> = {}): AutomationSeed => ({
  slug,
  title: `Title of ${slug}`,
  description: `Description of ${slug}`,
  website: "hacker-news",
  categories: ["research"],
  needAuth: false,
  prompt: `Do ${slug}`,
  initialUrl: "https://news.ycombinator.com/",
  responseFormat: "text",
  jsonSchema: null,
  ...over,
});

const catalog = [
  entry("hn-top", {
    title: "Scrape Hacker News",
    categories: ["research", "monitoring"],
    responseFormat: "json",
    jsonSchema: { type: "object" },
  }),
  entry("x-mentions", { title: "Track Brand Mentions", website: "x", categories: ["marketing", "monitoring"], needAuth: true }),
  entry("yc-leads", {
    title: "Find 50% Off Leads",
    website: "y-combinator",
    categories: ["sales"],
    description: "Leads from the YC directory",
  }),
];

describe("automation catalogue", () => {
  it("seeds once, updates only what changed, never duplicates and keeps the demo run", async () => {
    expect(await seedAutomations({ ctx, input: { catalog } })).toEqual({ inserted: 3, updated: 0 });
    expect(await seedAutomations({ ctx, input: { catalog } })).toEqual({ inserted: 0, updated: 0 });

    const user = await createTestUser(db.db);
    const [task] = await db.db.insert(tasks).values({ userId: user.id, workspaceId: user.id, prompt: "p" }).returning();
    const [run] = await db.db
      .insert(tasksRuns)
      .values({ taskId: task!.id, userId: user.id, workspaceId: user.id, prompt: "p", status: "success" })
      .returning();
    // The operator at the terminal may choose any run.
    await setAutomationDemo({
      ctx,
      caller: testCaller(user.id, { isAdmin: true, via: "local" }),
      input: { slug: "hn-top", runId: run!.id },
    });

    const changed = [{ ...catalog[0]!, title: "Scrape the Hacker News Front Page" }, ...catalog.slice(1)];
    expect(await seedAutomations({ ctx, input: { catalog: changed } })).toEqual({ inserted: 0, updated: 1 });
    const rows = await db.db.select().from(automations);
    expect(rows).toHaveLength(3);
    const hn = rows.find((r) => r.slug === "hn-top")!;
    expect(hn.title).toBe("Scrape the Hacker News Front Page");
    expect(hn.runId).toBe(run!.id);
    expect((await getAutomation({ ctx, input: { slug: "hn-top" } })).run_id).toBe(run!.id);

    // A run made private again is not replayed.
    await db.db.update(tasksRuns).set({ public: false }).where(eq(tasksRuns.id, run!.id));
    expect((await getAutomation({ ctx, input: { slug: "hn-top" } })).run_id).toBeNull();
  });

  it("lists by title with search, category and application filters", async () => {
    const titles = async (input: Parameters<typeof listAutomations>[0]["input"]) =>
      (await listAutomations({ ctx, input })).automations.map((a) => a.slug);
    expect(await titles({})).toEqual(["yc-leads", "hn-top", "x-mentions"]);
    expect(await titles({ search: "HACKER" })).toEqual(["hn-top"]);
    expect(await titles({ search: "yc directory" })).toEqual(["yc-leads"]);
    // LIKE wildcards are searched literally.
    expect(await titles({ search: "50%" })).toEqual(["yc-leads"]);
    expect(await titles({ search: "%" })).toEqual(["yc-leads"]);
    expect(await titles({ category: "monitoring" })).toEqual(["hn-top", "x-mentions"]);
    expect(await titles({ application: "x" })).toEqual(["x-mentions"]);
    expect(await titles({ category: "monitoring", search: "brand" })).toEqual(["x-mentions"]);
    expect(await titles({ category: "nothing-here" })).toEqual([]);
  });

  it("counts categories and applications over the whole marketplace", async () => {
    expect(await getAutomationFacets({ ctx, input: {} })).toEqual({
      total: 3,
      categories: [
        { category: "marketing", count: 1 },
        { category: "monitoring", count: 2 },
        { category: "research", count: 1 },
        { category: "sales", count: 1 },
      ],
      applications: [
        { application: "hacker-news", count: 1 },
        { application: "x", count: 1 },
        { application: "y-combinator", count: 1 },
      ],
    });
  });

  it("keeps the schema's property order (the results table's column order)", async () => {
    const ordered = { type: "object", properties: { title: {}, url: {}, points: {}, age: {} } };
    await seedAutomations({ ctx, input: { catalog: [entry("ordered", { responseFormat: "json", jsonSchema: ordered })] } });
    const { json_schema } = await getAutomation({ ctx, input: { slug: "ordered" } });
    expect(Object.keys((json_schema as typeof ordered).properties)).toEqual(["title", "url", "points", "age"]);
    // Seeding the same schema again is no change.
    expect(await seedAutomations({ ctx, input: { catalog: [entry("ordered", { responseFormat: "json", jsonSchema: ordered })] } })).toEqual(
      { inserted: 0, updated: 0 },
    );
    await db.db.delete(automations).where(eq(automations.slug, "ordered"));
  });

  it("finds one by slug, with or without an integration suffix, with its task settings", async () => {
    for (const slug of ["hn-top", "hn-top-api", "hn-top-make", "hn-top-n8n", "hn-top-zapier", "HN-TOP"]) {
      const a = await getAutomation({ ctx, input: { slug } });
      expect(a).toMatchObject({ slug: "hn-top", response_format: "json", json_schema: { type: "object" }, session_timeout: 300 });
    }
    await expect(getAutomation({ ctx, input: { slug: "nope" } })).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("contact messages", () => {
  it("stores a message with the user id, or null for a visitor", async () => {
    const user = await createTestUser(db.db);
    const message = "I would like to know more about enterprise plans.";
    await sendContactMessage({ ctx, input: { email: user.email, message, userId: user.id, clientKey: "10.0.0.1" } });
    await sendContactMessage({ ctx, input: { email: "visitor@example.com", message, userId: null, clientKey: "10.0.0.2" } });
    const rows = await db.db.select().from(contactMessages);
    expect(rows.map((r) => [r.email, r.userId])).toEqual(
      expect.arrayContaining([
        [user.email, user.id],
        ["visitor@example.com", null],
      ]),
    );
  });

  it("answers a filled honeypot like a person but stores nothing", async () => {
    const before = (await db.db.select().from(contactMessages)).length;
    const result = await sendContactMessage({
      ctx,
      input: {
        email: "bot@example.com",
        message: "Buy cheap things now!!!",
        website: "http://spam.example",
        userId: null,
        clientKey: "10.0.0.3",
      },
    });
    expect(result).toEqual({ stored: false });
    expect(await db.db.select().from(contactMessages)).toHaveLength(before);
  });

  it("refuses more than the limit from one address", async () => {
    const send = () =>
      sendContactMessage({
        ctx,
        input: { email: "a@example.com", message: "Hello there, a question.", userId: null, clientKey: "10.0.0.4" },
      });
    for (let i = 0; i < CONTACT_RATE_LIMIT; i++) await send();
    await expect(send()).rejects.toMatchObject({ code: "rate_limited" });
    // Another address is not affected.
    await sendContactMessage({
      ctx,
      input: { email: "b@example.com", message: "Hello there, a question.", userId: null, clientKey: "10.0.0.5" },
    });
  });
});
