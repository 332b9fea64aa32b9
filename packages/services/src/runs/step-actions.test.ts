import { stepSchema, type StepAction } from "@errand/contract";
import { steps, tasks, tasksRuns } from "@errand/db";
import { createTestUser, openTestDb } from "@errand/db/testing";
import { asc, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { makeTestContext, stepRecord } from "../testing.ts";
import { recordStep } from "./record-step.ts";
import { stepToApi } from "./to-api.ts";

const { db, close } = openTestDb();
const ctx = makeTestContext(db);
afterAll(() => close());

async function newRun() {
  const user = await createTestUser(db);
  const [task] = await db.insert(tasks).values({ userId: user.id, workspaceId: user.id, prompt: "Find the price" }).returning();
  const [run] = await db
    .insert(tasksRuns)
    .values({ taskId: task!.id, userId: user.id, workspaceId: user.id, prompt: "Find the price" })
    .returning();
  return run!.id;
}

const apiSteps = async (runId: string) =>
  (await db.select().from(steps).where(eq(steps.taskRunId, runId)).orderBy(asc(steps.number))).map((row) =>
    stepSchema.parse(stepToApi(row)),
  );

describe("a step's actions in the API", () => {
  it("are recorded and answered in the contract's shape", async () => {
    const runId = await newRun();
    const action: StepAction[] = [
      { name: "type", input: { index: 3, text: "laptop", press_enter: true }, ok: true, error: null },
      { name: "click", input: { index: 7 }, ok: false, error: "Not run: the page changed after the previous action." },
    ];
    expect((await recordStep({ ctx, input: stepRecord(runId, 1, { action }) }))?.action).toEqual(action);
    await recordStep({ ctx, input: stepRecord(runId, 2) });
    expect((await apiSteps(runId)).map((s) => s.action)).toEqual([action, null]);
  });

  it("still read from rows written in another shape: what is not a tool action is left out", async () => {
    const runId = await newRun();
    const stored: unknown[] = [
      [
        { name: "navigate", input: { url: "https://shop.example" }, ok: true, error: null },
        "junk",
        { name: "teleport", input: {}, ok: false, error: "There is no tool named teleport." },
        { name: "scroll", input: { direction: "down" }, ok: false },
        { name: "click" },
      ],
      { name: "click", input: { index: 1 } },
      "clicked",
      null,
    ];
    await db.insert(steps).values(stored.map((action, i) => ({ taskRunId: runId, number: i + 1, action })));
    expect((await apiSteps(runId)).map((s) => s.action)).toEqual([
      [
        { name: "navigate", input: { url: "https://shop.example" }, ok: true, error: null },
        { name: "scroll", input: { direction: "down" }, ok: false, error: null },
      ],
      null,
      null,
      null,
    ]);
  });
});
