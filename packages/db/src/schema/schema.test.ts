import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createTestUser, openTestDb } from "../testing/index.ts";
import { authContexts, automations, contactMessages, steps, tasks, tasksRuns, transactions, userCredits, users } from "./index.ts";

const { db, close } = openTestDb();
afterAll(close);

async function taskWithRun(userId: string, authContextId?: string) {
  const [task] = await db.insert(tasks).values({ userId, workspaceId: userId, prompt: "collect posts", authContextId }).returning();
  const [run] = await db
    .insert(tasksRuns)
    .values({ taskId: task!.id, userId, workspaceId: userId, prompt: "collect posts", authContextId })
    .returning();
  await db.insert(steps).values({ taskRunId: run!.id, number: 1, success: true, extractedContent: "ok" });
  return { task: task!, run: run! };
}

describe("schema", () => {
  it("gives tasks and runs the spec's defaults", async () => {
    const user = await createTestUser(db);
    const { task, run } = await taskWithRun(user.id);
    expect(task).toMatchObject({ responseFormat: "text", sessionTimeout: 300, model: "gpt-4.1", modelProvider: "openai" });
    expect(run).toMatchObject({ status: "pending", public: false, result: null });
  });

  it("deleting a user removes everything they own", async () => {
    const user = await createTestUser(db);
    const { run } = await taskWithRun(user.id);
    await db.insert(transactions).values({ userId: user.id, workspaceId: user.id, amount: 500, credits: 50_000 });
    await db.delete(users).where(eq(users.id, user.id));
    expect(await db.select().from(tasks).where(eq(tasks.userId, user.id))).toEqual([]);
    expect(await db.select().from(steps).where(eq(steps.taskRunId, run.id))).toEqual([]);
    expect(await db.select().from(transactions).where(eq(transactions.userId, user.id))).toEqual([]);
  });

  it("deleting an auth context keeps the tasks and runs that used it", async () => {
    const user = await createTestUser(db);
    const [context] = await db
      .insert(authContexts)
      .values({ userId: user.id, workspaceId: user.id, name: "Shop", urls: ["https://shop.example"] })
      .returning();
    const { task, run } = await taskWithRun(user.id, context!.id);
    await db.delete(authContexts).where(eq(authContexts.id, context!.id));
    expect((await db.select().from(tasks).where(eq(tasks.id, task.id)))[0]?.authContextId).toBeNull();
    expect((await db.select().from(tasksRuns).where(eq(tasksRuns.id, run.id)))[0]?.authContextId).toBeNull();
  });

  it("keeps contact messages and automations when their user or demo run goes", async () => {
    const user = await createTestUser(db);
    const { run } = await taskWithRun(user.id);
    const [message] = await db
      .insert(contactMessages)
      .values({ email: user.email, message: "Hello there, team", userId: user.id })
      .returning();
    const [automation] = await db
      .insert(automations)
      .values({ title: "HN", description: "Top posts", slug: `hn-${run.id}`, categories: ["featured"], runId: run.id })
      .returning();
    await db.delete(users).where(eq(users.id, user.id));
    expect((await db.select().from(contactMessages).where(eq(contactMessages.id, message!.id)))[0]?.userId).toBeNull();
    expect((await db.select().from(automations).where(eq(automations.id, automation!.id)))[0]?.runId).toBeNull();
  });

  it("stores money as integers and refuses a second balance row", async () => {
    const user = await createTestUser(db);
    await db.insert(userCredits).values({ userId: user.id, workspaceId: user.id, credits: 12_345, freePrompts: 5 });
    await expect(db.insert(userCredits).values({ userId: user.id, workspaceId: user.id, credits: 1, freePrompts: 1 })).rejects.toThrow();
    const columns = await db.execute<{ column_name: string; data_type: string }>(
      sql`select column_name, data_type from information_schema.columns where table_name in ('user_credits','transactions') and column_name in ('credits','amount')`,
    );
    expect(new Set(columns.rows.map((c) => c.data_type))).toEqual(new Set(["bigint", "integer"]));
  });

  it("has an index behind each of the spec's list queries", async () => {
    const result = await db.execute<{ indexname: string }>(sql`select indexname from pg_indexes where schemaname = 'public'`);
    const names = result.rows.map((r) => r.indexname);
    for (const name of [
      "tasks_user_created_idx",
      "tasks_runs_task_created_idx",
      "tasks_runs_user_created_idx",
      "steps_run_created_idx",
      "auth_contexts_user_name_idx",
      "transactions_user_status_created_idx",
      "automations_title_idx",
      "automations_categories_idx",
      "automations_website_idx",
      "automations_slug_unique",
    ]) {
      expect(names).toContain(name);
    }
  });
});
