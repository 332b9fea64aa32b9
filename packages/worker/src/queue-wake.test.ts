import { userCredits } from "@errand/db";
import { createTaskWithRun } from "@errand/services/runs";
import type { ServiceContext } from "@errand/services";
import { testCaller } from "@errand/services/testing";
import { eq } from "drizzle-orm";
import { describe, expect, vi } from "vitest";
import { workerTest, type TestWorker } from "./testing/test-worker.ts";

vi.setConfig({ testTimeout: 90_000 });
// A poll a minute: a run that waited for the next poll could not end within the 30 s below.
const it = workerTest.extend("workerOptions", { pollingIntervalSeconds: 60 });
let harness: TestWorker;
let ctx: ServiceContext;

it.beforeAll(({ worker }) => {
  harness = worker;
  ({ ctx } = harness);
  harness.model.setResponder(() => ({ toolCalls: [{ name: "done", arguments: { success: true, text: "Done." } }] }));
});

describe("a queued run", () => {
  it("is taken by an idle worker at once, not at the worker's next poll", async () => {
    const user = await harness.newUser();
    // Two in a row: whichever poll the worker made at its start, one of them finds it idle between polls.
    for (const prompt of ["Say one", "Say two"]) {
      const { run } = await createTaskWithRun({ ctx, caller: testCaller(user.id), input: { settings: { prompt } } });
      const { run: ended } = await harness.waitForEnd(user.id, run.id, 30_000);
      expect(ended.status).toBe("success");
    }
  });

  it("that waits behind others is taken as soon as a slot is free, not at the slot's next poll", async () => {
    const user = await harness.newUser();
    // Five free prompts, and credits for the sixth's hold.
    await harness.db.update(userCredits).set({ credits: 100_000 }).where(eq(userCredits.userId, user.id));
    // Six queued together for the worker's 2 slots: each slot runs three in a row, and the NOTIFYs
    // of their queueing all came while it ran its first.
    const created = [];
    for (const prompt of ["Say one", "Say two", "Say three", "Say four", "Say five", "Say six"]) {
      created.push((await createTaskWithRun({ ctx, caller: testCaller(user.id), input: { settings: { prompt } } })).run);
    }
    for (const run of created) {
      const { run: ended } = await harness.waitForEnd(user.id, run.id, 30_000);
      expect(ended.status).toBe("success");
    }
  });
});
