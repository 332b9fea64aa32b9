import { testBrowserPath } from "@errand/testkit";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createBrowserManager, type CaptchaSolverOptions } from "@errand/agent";
import { createIsolatedTestDb, createTestUser, type TestDatabase } from "@errand/db/testing";
import { createLocalFileStorage } from "@errand/services/storage";
import { createRunEventListener } from "@errand/services/events";
import { getRun } from "@errand/services/runs";
import { provisionAccount } from "@errand/services/accounts";
import type { LiveRuns } from "@errand/services/live";
import type { ServiceContext } from "@errand/services";
import { makeTestContext, serviceTest, startTestBoss, testCaller } from "@errand/services/testing";
import { startFakeModelServer, startFixtureSites } from "@errand/testkit";
import { pollFor } from "@errand/testkit/testing";
import type { PgBoss } from "pg-boss";
import { startWorker } from "../start-worker.ts";
import type { WebhookWorkerOptions } from "../webhook-worker.ts";

/** The model API key the test worker holds: distinctive, so a test can tell it never reaches a run's records. */
export const TEST_MODEL_API_KEY = "sk-test-model-key-4f7d2b9e61";

export interface TestWorkerOptions {
  allowHosts?: string[];
  liveRuns?: LiveRuns;
  webhooks?: WebhookWorkerOptions;
  captchaSolver?: CaptchaSolverOptions;
  personWaitMs?: number;
  /** How long runs wait for an approval (their own setting is at least 30 s). */
  approvalWaitMs?: number;
  /** pg-boss's polling interval (default 0.5 s). */
  pollingIntervalSeconds?: number;
}

/**
 * A real worker for tests: its own database (workers take any job of theirs), pg-boss, Chromium,
 * the fake model and the fixture sites (allowed through the address rule), 2 concurrent runs.
 * The `worker` fixture (workerTest) is the same on the file's fixtures; this is for a second one.
 */
export async function startTestWorker(options: TestWorkerOptions = {}) {
  const database = await createIsolatedTestDb();
  const { boss, queue } = await startTestBoss(database.url);
  const started = await startWorkerOn({ database, boss, ctx: makeTestContext(database.db, {}, queue) }, options);
  return {
    ...started,
    async close() {
      await started.close();
      await boss.stop({ graceful: false });
      await database.close();
    },
  };
}

/** The worker, Chromium, the fake model and the fixture sites on a database, pg-boss and context of the caller's. */
export async function startWorkerOn(on: { database: TestDatabase; boss: PgBoss; ctx: ServiceContext }, options: TestWorkerOptions) {
  const { database, boss, ctx } = on;
  const events = await createRunEventListener(database.url, ctx.log);
  const filesRoot = await mkdtemp(path.join(tmpdir(), "errand-worker-files-"));
  const storage = createLocalFileStorage({ root: filesRoot, baseUrl: "http://localhost:3000", secret: Buffer.from("s".repeat(32)) });
  const browsers = createBrowserManager({ browserPath: testBrowserPath() });
  const model = await startFakeModelServer();
  const sites = await startFixtureSites();
  const worker = await startWorker({
    ctx,
    boss,
    events,
    storage,
    browsers,
    concurrency: 2,
    pollingIntervalSeconds: options.pollingIntervalSeconds ?? 0.5,
    heartbeatMs: 500,
    llm: { baseUrl: model.url, apiKey: TEST_MODEL_API_KEY },
    network: { allowHosts: [new URL(sites.url).host, ...(options.allowHosts ?? [])] },
    liveRuns: options.liveRuns,
    captchaSolver: options.captchaSolver,
    personWaitMs: options.personWaitMs,
    approvalWaitMs: options.approvalWaitMs,
    // Webhook retries a fifth of a second apart instead of 30 s and more.
    webhooks: { pollMs: 100, schedule: [0.2, 0.2, 0.2, 0.2, 0.2], ...options.webhooks },
  });

  return {
    db: database.db,
    ctx,
    storage,
    model,
    sites,
    /** The worker itself (its slots, its stop). */
    worker,
    async newUser() {
      const user = await createTestUser(database.db);
      await provisionAccount({ ctx, input: { userId: user.id } });
      return user;
    },
    /** The run and its steps once it is no longer pending. */
    async waitForEnd(userId: string, runId: string, timeoutMs = 30_000) {
      const read = () => getRun({ ctx, caller: testCaller(userId), input: { runId } });
      return pollFor(read, ({ run }) => run.status !== "pending", {
        timeout: timeoutMs,
        interval: 100,
        message: `run ${runId} still pending after ${timeoutMs} ms`,
      });
    },
    /** Stops the worker and closes what it started (not the database, pg-boss or context). */
    async close() {
      await worker.stop(1000);
      await events.close();
      await browsers.close();
      await Promise.all([model.close(), sites.close()]);
      await rm(filesRoot, { recursive: true, force: true });
    },
  };
}

export type TestWorker = Awaited<ReturnType<typeof startWorkerOn>>;

/**
 * vitest's test with the `worker` fixture on top of the service ones (docs/adr/0028-test-fixtures.md):
 * a database of the file's own, and a real worker on it made once per file with `workerOptions`,
 * stopped after it. Its `db` and `ctx` are the file's `db` and `ctx` fixtures.
 */
export const workerTest = serviceTest
  .extend("databaseOptions", { scope: "file" }, { isolated: true })
  .extend("workerOptions", { scope: "file" }, {} as TestWorkerOptions)
  .extend("worker", { scope: "file" }, async ({ database, boss, ctx, workerOptions }, { onCleanup }): Promise<TestWorker> => {
    const worker = await startWorkerOn({ database, boss, ctx }, workerOptions);
    onCleanup(() => worker.close());
    return worker;
  });
