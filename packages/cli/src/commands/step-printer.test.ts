import type { StepAction } from "@errand/contract";
import { openTestDb } from "@errand/db/testing";
import { createTaskWithRun, finishRun, getRun, recordStep } from "@errand/services/runs";
import type { ServiceContext } from "@errand/services";
import { createTestAccount, makeTestContext, startTestBoss, testCaller } from "@errand/services/testing";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStepPrinter } from "./step-printer.ts";

const { db, url, close } = openTestDb();
let boss: PgBoss;
let ctx: ServiceContext;
beforeAll(async () => {
  const started = await startTestBoss(url);
  boss = started.boss;
  ctx = makeTestContext(db, { billingEnabled: false }, started.queue);
});
afterAll(async () => {
  await boss.stop({ graceful: false });
  await close();
});

const step = (runId: string, number: number, name: StepAction["name"]) => ({
  runId,
  number,
  url: "https://shop.example/",
  action: [{ name, input: {}, ok: true, error: null }],
  extractedContent: null,
  success: name === "done" ? true : null,
  error: null,
  durationMs: 10,
  inputTokens: 100,
  outputTokens: 10,
  screenshotKey: null,
});

describe("the CLI's step printer", () => {
  it("prints each step once when the last step's event and the run's end ask at the same time", async () => {
    const user = await createTestAccount(ctx);
    const { run } = await createTaskWithRun({ ctx, caller: testCaller(user.id), input: { settings: { prompt: "Find the price" } } });
    await recordStep({ ctx, input: step(run.id, 1, "navigate") });
    const written: string[] = [];
    const printer = createStepPrinter(
      (afterStep) => getRun({ ctx, caller: testCaller(user.id), input: { runId: run.id, afterStep } }),
      (text) => written.push(text),
    );
    await printer.printNew();

    await recordStep({ ctx, input: step(run.id, 2, "done") });
    await finishRun({ ctx, input: { runId: run.id, status: "success", result: "$12" } });
    // The step event's read is still on its way when the status event asks again.
    const [fromStepEvent, fromStatusEvent] = await Promise.all([printer.printNew(), printer.printNew()]);

    expect(written.join("")).toBe("• Step 1: navigate  [https://shop.example/]\n✔ Step 2: done  [https://shop.example/]\n");
    expect(fromStepEvent.status).toBe("success");
    expect(fromStatusEvent.status).toBe("success");
  });

  it("keeps printing after a failed read", async () => {
    const user = await createTestAccount(ctx);
    const { run } = await createTaskWithRun({ ctx, caller: testCaller(user.id), input: { settings: { prompt: "Find the price" } } });
    await recordStep({ ctx, input: step(run.id, 1, "navigate") });
    const written: string[] = [];
    let reads = 0;
    const printer = createStepPrinter(
      async (afterStep) => {
        reads += 1;
        // The first read goes to a run that is not the caller's: getRun refuses it.
        return getRun({ ctx, caller: testCaller(reads === 1 ? "someone-else" : user.id), input: { runId: run.id, afterStep } });
      },
      (text) => written.push(text),
    );
    await expect(printer.printNew()).rejects.toThrow(/not found/i);
    await printer.printNew();
    expect(written).toEqual(["• Step 1: navigate  [https://shop.example/]\n"]);
  });
});
