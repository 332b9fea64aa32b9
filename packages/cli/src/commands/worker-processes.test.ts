import { tasksRuns, userCredits } from "@errand/db";
import { createIsolatedTestDb } from "@errand/db/testing";
import { createTaskWithRun, failStaleRuns, getRun } from "@errand/services/runs";
import type { ServiceContext } from "@errand/services";
import { createTestAccount, makeTestContext, startTestBoss, testCaller } from "@errand/services/testing";
import { startFakeModelServer, startFixtureSites, type FakeModelServer, type FixtureSites } from "@errand/testkit";
import { eq, inArray } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { spawnCli, type CliProcess } from "../testing/spawn-cli.ts";
import { pollFor } from "@errand/testkit/testing";

// Real processes, Chromium and a model round trip per step: slow on a busy 2-core machine.
vi.setConfig({ testTimeout: 90_000 });
// Workers take any job of their database: this file gets its own.
const { db, url, close } = await createIsolatedTestDb();
let boss: PgBoss;
let ctx: ServiceContext;
let model: FakeModelServer;
let sites: FixtureSites;
const processes: CliProcess[] = [];

beforeAll(async () => {
  const started = await startTestBoss(url);
  boss = started.boss;
  ctx = makeTestContext(db, {}, started.queue);
  model = await startFakeModelServer();
  sites = await startFixtureSites();
});
afterAll(async () => {
  for (const p of processes) if (p.child.exitCode === null) p.child.kill("SIGKILL");
  await Promise.all(processes.map((p) => p.exited));
  await boss.stop({ graceful: false });
  await Promise.all([model.close(), sites.close()]);
  await close();
});

const workerEnv = () => ({
  DATABASE_URL: url,
  DATA_DIR: "/tmp/errand-cli-test-data",
  LLM_BASE_URL: model.url,
  LLM_API_KEY: "test",
  ALLOW_PRIVATE_NETWORK: "true",
  WORKER_CONCURRENCY: "2",
});

function startWorkerProcess() {
  const worker = spawnCli(["worker"], workerEnv());
  processes.push(worker);
  return worker;
}

const newUser = () => createTestAccount(ctx);

describe("worker processes", () => {
  it("two workers share the queue and no run is executed twice", async () => {
    const user = await newUser();
    // Six runs at once: five free prompts and credits for the sixth's hold.
    await db.update(userCredits).set({ credits: 100_000 }).where(eq(userCredits.userId, user.id));
    model.setResponder((req) => {
      const task = req.messages
        .map((m) => m.text)
        .join(" ")
        .match(/shared-task-(\d+)/)?.[1];
      return task ? { toolCalls: [{ name: "done", arguments: { success: true, text: `answer ${task}` } }] } : { hang: true };
    });
    const workers = [startWorkerProcess(), startWorkerProcess()];
    await Promise.all(workers.map((w) => w.waitForOutput(/Errand worker running/)));
    const runs = [];
    for (let i = 1; i <= 6; i++) {
      runs.push(
        (await createTaskWithRun({ ctx, caller: testCaller(user.id), input: { settings: { prompt: `Say shared-task-${i}` } } })).run,
      );
    }
    const ids = runs.map((r) => r.id);
    const finished = await pollFor(
      () => db.select().from(tasksRuns).where(inArray(tasksRuns.id, ids)),
      (rows) => rows.every((r) => r.status !== "pending"),
      { timeout: 60_000, interval: 200 },
    );
    expect(finished.map((r) => r.status)).toEqual(Array(6).fill("success"));
    for (const run of runs) {
      const { steps } = await getRun({ ctx, caller: testCaller(user.id), input: { runId: run.id } });
      expect(steps.map((s) => s.number)).toEqual([1]);
    }
    // Each run asked the model exactly once: nobody executed a run a second time.
    const asked = model.chatRequests().flatMap((r) =>
      r.messages
        .map((m) => m.text.match(/shared-task-(\d+)/)?.[1])
        .filter(Boolean)
        .slice(0, 1),
    );
    expect(asked.sort()).toEqual(["1", "2", "3", "4", "5", "6"]);
    for (const w of workers) w.child.kill("SIGTERM");
    expect(await Promise.all(workers.map((w) => w.exited))).toEqual([0, 0]);
  });

  it("a run whose worker is killed with SIGKILL ends as error with its reason", async () => {
    const user = await newUser();
    model.setResponder(() => ({ hang: true }));
    const worker = startWorkerProcess();
    await worker.waitForOutput(/Errand worker running/);
    const { run } = await createTaskWithRun({
      ctx,
      caller: testCaller(user.id),
      input: { settings: { prompt: "Read the news forever", initial_url: `${sites.url}/news` } },
    });
    await pollFor(
      () => db.select({ startedAt: tasksRuns.startedAt }).from(tasksRuns).where(eq(tasksRuns.id, run.id)),
      ([row]) => Boolean(row?.startedAt),
      { timeout: 60_000, interval: 200 },
    );
    worker.child.kill("SIGKILL");
    await worker.exited;

    // Any live process sweeps every 15 s; a heartbeat older than 30 s means the worker is gone.
    expect(await failStaleRuns({ ctx, input: {} })).not.toContain(run.id);
    const ended = await failStaleRuns({ ctx, input: { now: new Date(Date.now() + 31_000) } });
    expect(ended).toContain(run.id);
    const { run: after } = await getRun({ ctx, caller: testCaller(user.id), input: { runId: run.id } });
    expect(after.status).toBe("error");
    expect(after.status_reason).toMatch(/stopped responding/);
  });
});
