import { tasksRuns, type Db } from "@errand/db";
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { createTestAccount, serviceTest as it, testCaller } from "../testing.ts";
import { runAutomation, seedAutomations, type AutomationSeed } from "./index.ts";
import { testAutomationSeed } from "./test-automation-seeds.ts";
import type { ServiceContext } from "../index.ts";

// The test database is shared: every automation here carries this run's token.
const token = crypto.randomUUID().slice(0, 8);
let db: Db;
let ctx: ServiceContext;

const seed = (name: string, over: Partial<AutomationSeed> = {}) =>
  testAutomationSeed(token, name, { prompt: `Collect the top [number] stories (${name} ${token})`, ...over });

it.beforeAll(async ({ db: fileDb, ctx: fileCtx }) => {
  [db, ctx] = [fileDb, fileCtx];
  await seedAutomations({ ctx, input: { catalog: [seed("stories"), seed("inbox", { needAuth: true })] } });
});

const callerOf = async () => testCaller((await createTestAccount(ctx)).id);
const runRow = async (runId: string) => (await db.select().from(tasksRuns).where(eq(tasksRuns.id, runId)))[0]!;

describe("runAutomation: the one rule for running an automation", () => {
  it("queues a run of the caller's with the automation's own prompt and settings", async () => {
    const caller = await callerOf();
    const { task, run, note } = await runAutomation({ ctx, caller, input: { slug: `stories-${token}` } });
    expect(task.userId).toBe(caller.userId);
    expect(note).toBeNull();
    expect(await runRow(run.id)).toMatchObject({
      status: "pending",
      prompt: `Collect the top [number] stories (stories ${token})`,
      initialUrl: "https://news.ycombinator.com/",
      responseFormat: "json",
      jsonSchema: { type: "object", properties: { stories: { type: "array" } } },
      sessionTimeout: 120,
    });
  });

  it("takes each setting given instead of the automation's, and keeps the automation's for one empty or null", async () => {
    const caller = await callerOf();
    const settings = { prompt: "Collect the top 3 stories", initial_url: "", response_format: null, session_timeout: 60 };
    const { run } = await runAutomation({ ctx, caller, input: { slug: `STORIES-${token}-n8n`, settings } });
    expect(await runRow(run.id)).toMatchObject({
      prompt: "Collect the top 3 stories",
      initialUrl: "https://news.ycombinator.com/",
      responseFormat: "json",
      sessionTimeout: 60,
    });
  });

  it("says when the automation needs a saved login and none was given", async () => {
    const { note } = await runAutomation({ ctx, caller: await callerOf(), input: { slug: `inbox-${token}` } });
    expect(note).toBe("This automation needs a saved login and none was given (auth_context_id): the site may refuse the agent.");
  });

  it("refuses an unknown automation, a bad setting, and a read-only key", async () => {
    const caller = await callerOf();
    await expect(runAutomation({ ctx, caller, input: { slug: `no-such-${token}` } })).rejects.toMatchObject({
      code: "not_found",
      message: "Automation not found",
    });
    await expect(
      runAutomation({ ctx, caller, input: { slug: `stories-${token}`, settings: { response_format: "xml" } } }),
    ).rejects.toMatchObject({
      code: "validation_error",
      fields: [{ path: "response_format", message: "response_format must be text or json" }],
    });
    const readOnly = testCaller(caller.userId, { scopes: ["read"] });
    await expect(runAutomation({ ctx, caller: readOnly, input: { slug: `stories-${token}` } })).rejects.toMatchObject({
      code: "forbidden",
    });
  });
});
