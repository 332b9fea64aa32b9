import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createBrowserManager, type CaptchaSolverOptions } from "@errand/agent";
import { createIsolatedTestDb, createTestUser } from "@errand/db/testing";
import { createLocalFileStorage } from "@errand/services/storage";
import { createRunEventListener } from "@errand/services/events";
import { getRun } from "@errand/services/runs";
import { provisionAccount } from "@errand/services/accounts";
import type { LiveRuns } from "@errand/services/live";
import { makeTestContext, startTestBoss, testCaller } from "@errand/services/testing";
import { startFakeModelServer, startFixtureSites } from "@errand/testkit";
import { startWorker } from "../start-worker.ts";
import type { WebhookWorkerOptions } from "../webhook-worker.ts";

/**
 * A real worker for tests: its own database (workers take any job of theirs), pg-boss, Chromium,
 * the fake model and the fixture sites (allowed through the address rule), 2 concurrent runs.
 */
export async function startTestWorker(
  options: {
    allowHosts?: string[];
    liveRuns?: LiveRuns;
    webhooks?: WebhookWorkerOptions;
    captchaSolver?: CaptchaSolverOptions;
    personWaitMs?: number;
    /** pg-boss's polling interval (default 0.5 s). */
    pollingIntervalSeconds?: number;
  } = {},
) {
  const { db, url, close } = await createIsolatedTestDb();
  const { boss, queue } = await startTestBoss(url);
  const ctx = makeTestContext(db, {}, queue);
  const events = await createRunEventListener(url, ctx.log);
  const filesRoot = await mkdtemp(path.join(tmpdir(), "errand-worker-files-"));
  const storage = createLocalFileStorage({ root: filesRoot, baseUrl: "http://localhost:3000", secret: Buffer.from("s".repeat(32)) });
  const browsers = createBrowserManager({ browserPath: process.env.BROWSER_PATH });
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
    llm: { baseUrl: model.url, apiKey: "test" },
    network: { allowHosts: [new URL(sites.url).host, ...(options.allowHosts ?? [])] },
    liveRuns: options.liveRuns,
    captchaSolver: options.captchaSolver,
    personWaitMs: options.personWaitMs,
    // Webhook retries a fifth of a second apart instead of 30 s and more.
    webhooks: { pollMs: 100, schedule: [0.2, 0.2, 0.2, 0.2, 0.2], ...options.webhooks },
  });

  return {
    db,
    ctx,
    storage,
    model,
    sites,
    worker,
    async newUser() {
      const user = await createTestUser(db);
      await provisionAccount({ ctx, input: { userId: user.id } });
      return user;
    },
    /** The run and its steps once it is no longer pending. */
    async waitForEnd(userId: string, runId: string, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { run, steps } = await getRun({ ctx, caller: testCaller(userId), input: { runId } });
        if (run.status !== "pending") return { run, steps };
        if (Date.now() > deadline) throw new Error(`run ${runId} still pending after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async close() {
      await worker.stop(1000);
      await events.close();
      await boss.stop({ graceful: false });
      await browsers.close();
      await Promise.all([model.close(), sites.close()]);
      await close();
      await rm(filesRoot, { recursive: true, force: true });
    },
  };
}

export type TestWorker = Awaited<ReturnType<typeof startTestWorker>>;
