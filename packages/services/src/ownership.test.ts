import { randomUUID } from "node:crypto";
import { tasks } from "@errand/db";
import { createTestUser, openTestDb } from "@errand/db/testing";
import { afterAll, describe, expect, it } from "vitest";
import { ServiceError } from "./errors.ts";
import { callersTask, ownTask, taskNotFound } from "./tasks/own-task.ts";

const { db, close } = openTestDb();
afterAll(() => close());

async function taskOf(userId: string, prompt = "find the cheapest flight") {
  const [task] = await db.insert(tasks).values({ userId, workspaceId: userId, prompt }).returning();
  return task!;
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe("the caller's row, or not found", () => {
  it("gives the owner's row: the columns asked for, or the whole row", async () => {
    const owner = await createTestUser(db);
    const task = await taskOf(owner.id);
    expect(await ownTask(db, { workspaceId: owner.id }, task.id, { prompt: tasks.prompt })).toEqual({ prompt: "find the cheapest flight" });
    expect(await ownTask(db, { workspaceId: owner.id }, task.id)).toEqual(task);
  });

  it("reports another account's row exactly like a missing one", async () => {
    const [owner, other] = [await createTestUser(db), await createTestUser(db)];
    const task = await taskOf(owner.id);
    const theirs = await failureOf(ownTask(db, { workspaceId: other.id }, task.id));
    const missing = await failureOf(ownTask(db, { workspaceId: other.id }, randomUUID()));
    expect(theirs).toBeInstanceOf(ServiceError);
    expect(theirs).toMatchObject({ code: "not_found", message: "Task not found" });
    expect(missing).toMatchObject({ code: "not_found", message: "Task not found" });
    expect(taskNotFound()).toMatchObject({ code: "not_found", message: "Task not found" });
  });

  it("lets a write touch the owner's row only", async () => {
    const [owner, other] = [await createTestUser(db), await createTestUser(db)];
    const task = await taskOf(owner.id);
    const byOther = await db
      .update(tasks)
      .set({ prompt: "changed" })
      .where(callersTask({ workspaceId: other.id }, task.id))
      .returning();
    expect(byOther).toEqual([]);
    const byOwner = await db
      .update(tasks)
      .set({ prompt: "changed" })
      .where(callersTask({ workspaceId: owner.id }, task.id))
      .returning();
    expect(byOwner.map((t) => t.prompt)).toEqual(["changed"]);
  });
});
