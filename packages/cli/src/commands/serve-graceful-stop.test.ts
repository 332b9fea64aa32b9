import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDb, tasksRuns, type Database } from "@errand/db";
import { createTestUser } from "@errand/db/testing";
import { createTaskWithRun } from "@errand/services/runs";
import { provisionAccount } from "@errand/services/accounts";
import { makeTestContext, startTestBoss, testCaller } from "@errand/services/testing";
import { startFakeModelServer, startFixtureSites, type FakeModelServer, type FixtureSites } from "@errand/testkit";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { descendantsOf, freePort, isRunning } from "../testing/process-tree.ts";
import { spawnCli, type CliProcess } from "../testing/spawn-cli.ts";
import { pollFor } from "@errand/testkit/testing";

// A real `errand serve` (embedded Postgres, Chromium) started and stopped per test.
vi.setConfig({ testTimeout: 150_000 });
// The runs' grace (SHUTDOWN_GRACE_SECONDS, 10 s by default): long enough for the released run's
// last two model turns and page load on a busy machine; the hanging run waits all of it out.
const GRACE_SECONDS = 5;

let model: FakeModelServer;
let sites: FixtureSites;
const processes: CliProcess[] = [];
/**
 * One data directory for both tests: the second `errand serve` starts on the Postgres the first
 * one stopped, as a restart does, instead of paying initdb and every migration again.
 */
let dataDir: string;

beforeAll(async () => {
  model = await startFakeModelServer();
  sites = await startFixtureSites();
  dataDir = mkdtempSync(path.join(tmpdir(), "errand-stop-"));
});
afterAll(async () => {
  for (const p of processes) if (p.child.exitCode === null) p.child.kill("SIGKILL");
  await Promise.all([model.close(), sites.close()]);
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * Starts `errand serve` with two runs in flight: one whose model answer the test releases after
 * the signal (it can finish within the grace) and one whose model never answers.
 */
async function serveWithTwoRuns(tag: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  model.setResponder(async (req) => {
    const text = req.messages.map((m) => m.text).join(" ");
    if (!text.includes(`finishes-${tag}`)) return { hang: true };
    // After the signal, one more step that needs the browser (a page load), then the answer.
    if (asked++ === 0) {
      await released;
      return { toolCalls: [{ name: "navigate", arguments: { url: `${sites.url}/shop` } }] };
    }
    return { toolCalls: [{ name: "done", arguments: { success: true, text: "finished in time" } }] };
  });
  const serve = spawnCli(
    ["serve"],
    {
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      LLM_BASE_URL: model.url,
      LLM_API_KEY: "test",
      ALLOW_PRIVATE_NETWORK: "true",
      WORKER_CONCURRENCY: "2",
      SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
    },
    { groupLeader: true },
  );
  processes.push(serve);
  await serve.waitForOutput(/Errand is running/, 90_000);

  // The server's own embedded Postgres, used from here as a second process would.
  const guest: Database = await createDb({ dataDir });
  expect(guest.ownerPid).toBe(serve.child.pid);
  const { boss, queue } = await startTestBoss(guest.url);
  const ctx = makeTestContext(guest.db, {}, queue);
  const user = await createTestUser(guest.db);
  await provisionAccount({ ctx, input: { userId: user.id } });
  const create = (prompt: string) =>
    createTaskWithRun({ ctx, caller: testCaller(user.id), input: { settings: { prompt, initial_url: `${sites.url}/news` } } }).then(
      (r) => r.run.id,
    );
  const finishing = await create(`Read the headline finishes-${tag}`);
  const hanging = await create(`Read the news forever hangs-${tag}`);
  // Both runs are waiting for the model: a browser page is open for each.
  await pollFor(
    () => model.chatRequests().map((r) => r.messages.map((m) => m.text).join(" ")),
    (texts) => texts.some((t) => t.includes(`finishes-${tag}`)) && texts.some((t) => t.includes(`hangs-${tag}`)),
    { timeout: 60_000, interval: 200 },
  );
  const children = descendantsOf(serve.child.pid!);
  expect(children.some((c) => /chrom/i.test(c.command))).toBe(true);
  expect(children.some((c) => /postgres/.test(c.command))).toBe(true);
  await boss.stop({ graceful: false });
  await guest.close();
  return { serve, dataDir, runIds: { finishing, hanging }, children, release };
}

async function expectCleanStop(setup: Awaited<ReturnType<typeof serveWithTwoRuns>>, signalledAt: number) {
  const { serve, dataDir, runIds, children } = setup;
  expect(await serve.exited, serve.output()).toBe(0);
  // Within the grace plus the queue, browser and Postgres stops: before the cut-off 20 s after the grace.
  expect(Date.now() - signalledAt).toBeLessThan((GRACE_SECONDS + 19) * 1000);
  expect(serve.output()).toContain("Stopped.");
  // No Postgres or Chromium process of that server is left.
  expect(
    await pollFor(
      () => children.filter((c) => isRunning(c.pid)),
      (left) => left.length === 0,
      { timeout: 10_000, interval: 200 },
    ),
  ).toEqual([]);

  const database = await createDb({ dataDir });
  try {
    const rows = await database.db
      .select()
      .from(tasksRuns)
      .where(inArray(tasksRuns.id, [runIds.finishing, runIds.hanging]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(runIds.finishing)).toMatchObject({ status: "success", result: "finished in time" });
    expect(byId.get(runIds.hanging)?.status).toBe("error");
    expect(byId.get(runIds.hanging)?.statusReason).toMatch(/shut down while this run was in progress/);
  } finally {
    await database.close();
  }
}

describe("errand serve stops gracefully", () => {
  it("on SIGTERM: a run that finishes within the grace succeeds, the rest end as error with a reason", async () => {
    const setup = await serveWithTwoRuns("term");
    const signalledAt = Date.now();
    setup.serve.child.kill("SIGTERM");
    await setup.serve.waitForOutput(/SIGTERM received: stopping/);
    setup.release();
    await expectCleanStop(setup, signalledAt);
  });

  it("on Ctrl-C (SIGINT to the whole process group) the same, Postgres and Chromium included", async () => {
    const setup = await serveWithTwoRuns("int");
    const signalledAt = Date.now();
    process.kill(-setup.serve.child.pid!, "SIGINT");
    await setup.serve.waitForOutput(/SIGINT received: stopping/);
    setup.release();
    await expectCleanStop(setup, signalledAt);
  });
});
