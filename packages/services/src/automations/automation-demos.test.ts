import { tasksRuns, type Db } from "@errand/db";
import { eq } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { describe, expect } from "vitest";
import { createTestAccount, serviceTest as it, testCaller, testFileStorage } from "../testing.ts";

import {
  getAutomation,
  listAutomationDemoRuns,
  recordAutomationDemo,
  seedAutomations,
  setAutomationDemo,
  type AutomationSeed,
} from "./index.ts";
import { testAutomationSeed } from "./test-automation-seeds.ts";
import { getDemoRun } from "../runs/index.ts";
import { localCaller } from "../accounts/index.ts";
import type { ServiceContext } from "../index.ts";

// The test database is shared: every automation here carries this run's token.
const token = crypto.randomUUID().slice(0, 8);
let db: Db;
let boss: PgBoss;
let ctx: ServiceContext;

const seed = (name: string, over: Partial<AutomationSeed> = {}) => testAutomationSeed(token, name, over);

it.beforeAll(async ({ db: fileDb, boss: fileBoss, ctx: fileCtx }) => {
  [db, boss, ctx] = [fileDb, fileBoss, fileCtx];
  await seedAutomations({ ctx, input: { catalog: [seed("stories"), seed("inbox", { needAuth: true })] } });
});

const storage = testFileStorage("files", "test-file-secret-test-file-secret");
const demoOf = (runId: string) => getDemoRun({ ctx, input: { runId, storage } });
const adminOf = async () => testCaller((await createTestAccount(ctx)).id, { isAdmin: true });
const finish = (runId: string, status: "success" | "failed") => db.update(tasksRuns).set({ status }).where(eq(tasksRuns.id, runId));

describe("recording an automation's demo", () => {
  it("runs the automation's own settings as a task of the admin's, queued like any run", async () => {
    const admin = await adminOf();
    const { run } = await recordAutomationDemo({ ctx, caller: admin, input: { slug: `stories-${token}` } });
    const [row] = await db.select().from(tasksRuns).where(eq(tasksRuns.id, run.id));
    expect(row).toMatchObject({
      userId: admin.userId,
      prompt: `Collect the top stories (stories ${token})`,
      initialUrl: "https://news.ycombinator.com/",
      responseFormat: "json",
      jsonSchema: { type: "object", properties: { stories: { type: "array" } } },
      sessionTimeout: 120,
      status: "pending",
      public: false,
    });
    // Queued for a worker, like any run.
    expect(await boss.getJobById("run", run.id)).toBeTruthy();
    // Not the demo until it has succeeded and been chosen.
    expect((await getAutomation({ ctx, input: { slug: `stories-${token}` } })).run_id).toBeNull();
  });

  it("is for admins only, and not for an automation that needs a saved login", async () => {
    const person = testCaller((await createTestAccount(ctx)).id);
    await expect(recordAutomationDemo({ ctx, caller: person, input: { slug: `stories-${token}` } })).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(recordAutomationDemo({ ctx, caller: await adminOf(), input: { slug: `inbox-${token}` } })).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringContaining("needs a saved login"),
    });
    await expect(recordAutomationDemo({ ctx, caller: await adminOf(), input: { slug: `nothing-${token}` } })).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("lists the admin's latest runs, and makes one that succeeded the public demo", async () => {
    const admin = await adminOf();
    const slug = `stories-${token}`;
    const first = (await recordAutomationDemo({ ctx, caller: admin, input: { slug } })).run;
    const second = (await recordAutomationDemo({ ctx, caller: admin, input: { slug } })).run;
    await finish(first.id, "failed");
    await finish(second.id, "success");
    // Another admin's runs are theirs.
    await recordAutomationDemo({ ctx, caller: await adminOf(), input: { slug } });

    const listed = await listAutomationDemoRuns({ ctx, caller: admin, input: { slug } });
    expect(listed.runs.map((r) => [r.id, r.status, r.is_demo])).toEqual([
      [second.id, "success", false],
      [first.id, "failed", false],
    ]);

    await expect(setAutomationDemo({ ctx, caller: admin, input: { slug, runId: first.id } })).rejects.toMatchObject({
      code: "validation_error",
      message: expect.stringContaining("Only a run that succeeded can be an automation's demo (this one is failed)"),
    });
    await expect(demoOf(second.id)).rejects.toMatchObject({ code: "not_found" });
    expect(await setAutomationDemo({ ctx, caller: admin, input: { slug, runId: second.id } })).toEqual({ slug, runId: second.id });
    expect((await getAutomation({ ctx, input: { slug } })).run_id).toBe(second.id);
    // Public: the replay anyone can open at /demo/{id}.
    expect((await demoOf(second.id)).run.id).toBe(second.id);
    expect((await listAutomationDemoRuns({ ctx, caller: admin, input: { slug } })).runs[0]).toMatchObject({ id: second.id, is_demo: true });

    // Removing the demo leaves the run public.
    expect(await setAutomationDemo({ ctx, caller: admin, input: { slug, runId: null } })).toEqual({ slug, runId: null });
    expect((await getAutomation({ ctx, input: { slug } })).run_id).toBeNull();
  });

  it("lets an admin choose only their own runs, and the operator at the terminal any run", async () => {
    const slug = `stories-${token}`;
    const owner = await adminOf();
    const { run } = await recordAutomationDemo({ ctx, caller: owner, input: { slug } });
    await finish(run.id, "success");
    await expect(setAutomationDemo({ ctx, caller: await adminOf(), input: { slug, runId: run.id } })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(setAutomationDemo({ ctx, caller: { ...owner, isAdmin: false }, input: { slug, runId: run.id } })).rejects.toMatchObject({
      code: "forbidden",
    });
    const operator = await localCaller({ ctx, input: { email: `operator-${token}@errand.local` } });
    expect(await setAutomationDemo({ ctx, caller: operator, input: { slug, runId: run.id } })).toEqual({ slug, runId: run.id });
    expect((await getAutomation({ ctx, input: { slug: `${slug}-zapier` } })).run_id).toBe(run.id);
  });
});
