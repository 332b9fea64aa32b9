import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDb, tasksRuns, type Database } from "@errand/db";
import { createTestUser } from "@errand/db/testing";
import { createTaskWithRun, failStaleRuns } from "@errand/services/runs";
import { provisionAccount } from "@errand/services/accounts";
import { makeTestContext, startTestBoss, testCaller } from "@errand/services/testing";
import { startFakeModelServer, startFixtureSites } from "@errand/testkit";
import { eq } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { afterAll, describe, expect, it, vi } from "vitest";
import { freePort } from "../testing/process-tree.ts";
import { spawnCli, type CliProcess } from "../testing/spawn-cli.ts";
import { pollFor } from "@errand/testkit/testing";

// A real `errand serve` on a real Postgres that this test stops and starts again.
vi.setConfig({ testTimeout: 150_000 });

const dirs: string[] = [];
const processes: CliProcess[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const p of processes) if (p.child.exitCode === null) p.child.kill("SIGKILL");
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

async function get(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function openPostgres(
  dataDir: string,
  port: number,
): Promise<{ database: Database; boss: PgBoss; ctx: ReturnType<typeof makeTestContext> }> {
  const database = await createDb({ dataDir, port });
  const { boss, queue } = await startTestBoss(database.url);
  return { database, boss, ctx: makeTestContext(database.db, {}, queue) };
}

describe("errand serve when its database goes away and comes back", () => {
  it("answers 503 with a message meanwhile, stays up, reconnects and runs what was queued", async () => {
    const pgDir = tempDir("errand-outage-pg-");
    const pgPort = await freePort();
    let pg = await openPostgres(pgDir, pgPort);
    cleanups.push(
      () => pg.database.close(),
      () => pg.boss.stop({ graceful: false }),
    );
    const url = pg.database.url;

    const model = await startFakeModelServer();
    const sites = await startFixtureSites();
    cleanups.push(
      () => model.close(),
      () => sites.close(),
    );
    let releaseFirst!: () => void;
    const firstReleased = new Promise<void>((resolve) => (releaseFirst = resolve));
    model.setResponder(async (req) => {
      const text = req.messages.map((m) => m.text).join(" ");
      if (text.includes("first-run")) await firstReleased;
      return { toolCalls: [{ name: "done", arguments: { success: true, text: text.includes("first-run") ? "first" : "second" } }] };
    });

    const port = await freePort();
    const origin = `http://localhost:${port}`;
    const serve = spawnCli(["serve"], {
      DATABASE_URL: url,
      DATA_DIR: tempDir("errand-outage-data-"),
      PORT: String(port),
      LLM_BASE_URL: model.url,
      LLM_API_KEY: "test",
      ALLOW_PRIVATE_NETWORK: "true",
      WORKER_CONCURRENCY: "1",
      LOG_LEVEL: "info",
    });
    processes.push(serve);
    await serve.waitForOutput(/Errand is running/, 90_000);

    // The only worker slot is busy with the first run (its model answer is held); the second waits in the queue.
    const user = await createTestUser(pg.database.db);
    await provisionAccount({ ctx: pg.ctx, input: { userId: user.id } });
    const create = (prompt: string) =>
      createTaskWithRun({
        ctx: pg.ctx,
        caller: testCaller(user.id),
        input: { settings: { prompt, initial_url: `${sites.url}/news` } },
      }).then((r) => r.run.id);
    const first = await create("Read the first-run headline");
    await pollFor(
      async () => model.chatRequests().length,
      (n) => n >= 1,
      { timeout: 60_000, interval: 200 },
    );
    const second = await create("Read the second-run headline");

    // The database goes away. The first run's answer arrives meanwhile: recording it fails.
    await pg.boss.stop({ graceful: false });
    await pg.database.close();
    releaseFirst();
    await serve.waitForOutput(/run failed with a system error/);

    const automations = await get(`${origin}/api/v1/automations`);
    expect(automations.status).toBe(503);
    expect(automations.body).toEqual({ error: { code: "unavailable", message: expect.stringMatching(/database cannot be reached/) } });
    // Readiness names the database (and the queue kept in it); liveness still answers: no restart.
    const ready = await get(`${origin}/api/ready`);
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: "unavailable", failing: expect.arrayContaining(["database", "queue"]) });
    expect((await get(`${origin}/api/health`)).status).toBe(200);
    expect(serve.child.exitCode).toBeNull();

    // It comes back on the same address.
    pg = await openPostgres(pgDir, pgPort);
    await pollFor(
      () => get(`${origin}/api/ready`),
      (r) => r.status === 200,
      { timeout: 60_000, interval: 200 },
    );
    expect((await get(`${origin}/api/v1/automations`)).status).toBe(200);
    await serve.waitForOutput(/run event listener reconnected/);

    // The worker takes jobs again: the run queued before the outage executes.
    const [done] = await pollFor(
      () => pg.database.db.select().from(tasksRuns).where(eq(tasksRuns.id, second)),
      ([row]) => row?.status !== "pending",
      { timeout: 60_000, interval: 200 },
    );
    expect(done).toMatchObject({ status: "success", result: "second" });
    // The run cut by the outage is ended with a reason by the stale-run sweep, as a dead worker's would be.
    expect(await failStaleRuns({ ctx: pg.ctx, input: { now: new Date(Date.now() + 31_000) } })).toContain(first);
    expect(serve.child.exitCode).toBeNull();

    serve.child.kill("SIGTERM");
    expect(await serve.exited, serve.output()).toBe(0);
  });
});
