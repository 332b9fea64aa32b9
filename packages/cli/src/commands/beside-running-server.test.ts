import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDb, userCredits, type Database } from "@errand/db";
import { createTestUser } from "@errand/db/testing";
import { provisionAccount } from "@errand/services/accounts";
import { makeTestContext } from "@errand/services/testing";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { spawnCli, type CliProcess } from "../testing/spawn-cli.ts";

// Each test starts a real Postgres (and a real CLI process or two).
vi.setConfig({ testTimeout: 150_000 });

const dataDirs: string[] = [];
const databases: Database[] = [];
const processes: CliProcess[] = [];
afterAll(async () => {
  for (const p of processes) if (p.child.exitCode === null) p.child.kill("SIGKILL");
  await Promise.all(databases.map((d) => d.close().catch(() => undefined)));
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

function newDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "errand-beside-"));
  dataDirs.push(dir);
  return dir;
}

const postmasterPid = (dataDir: string) =>
  Number.parseInt(readFileSync(path.join(dataDir, "postgres/cluster/postmaster.pid"), "utf8").split("\n")[0]!, 10);

/** A process that exited but was not reaped yet (a zombie) counts as gone. */
function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

describe("a CLI command beside a running process on the same DATA_DIR", () => {
  it("uses the running embedded Postgres and leaves it running", async () => {
    const dataDir = newDataDir();
    // This test process plays `npm start`: it started the embedded Postgres and keeps using it.
    const owner = await createDb({ dataDir });
    databases.push(owner);
    const pid = postmasterPid(dataDir);
    const user = await createTestUser(owner.db);
    await provisionAccount({ ctx: makeTestContext(owner.db), input: { userId: user.id } });

    const grant = spawnCli(["credits", "grant", user.email, "5"], { DATA_DIR: dataDir });
    processes.push(grant);
    expect(await grant.exited, grant.output()).toBe(0);
    expect(grant.output()).toContain(`Granted $5.00 to ${user.email}.`);
    const migrate = spawnCli(["migrate"], { DATA_DIR: dataDir });
    processes.push(migrate);
    expect(await migrate.exited, migrate.output()).toBe(0);

    // The owner's Postgres is the same server, still running, and its pool still works.
    expect(postmasterPid(dataDir)).toBe(pid);
    expect(isAlive(pid)).toBe(true);
    const [balance] = await owner.db.select().from(userCredits).where(eq(userCredits.userId, user.id));
    expect(balance?.credits).toBe(50_000);
  });

  it("stops a Postgres left running by a killed process and starts its own", async () => {
    const dataDir = newDataDir();
    const worker = spawnCli(["worker"], { DATA_DIR: dataDir, WORKER_CONCURRENCY: "1" });
    processes.push(worker);
    await worker.waitForOutput(/Errand worker running/, 60_000);
    const leftover = postmasterPid(dataDir);
    worker.child.kill("SIGKILL");
    await worker.exited;
    expect(isAlive(leftover)).toBe(true);
    // Its owner's pid now belongs to a live process (here: this one): still a leftover, because
    // that process is not the postmaster's parent.
    writeFileSync(path.join(dataDir, `postgres/owner-${leftover}.json`), JSON.stringify({ pid: process.pid, postmasterPid: leftover }));

    const database = await createDb({ dataDir });
    databases.push(database);
    expect(database.ownerPid).toBeUndefined();
    expect(isAlive(leftover)).toBe(false);
    expect(postmasterPid(dataDir)).not.toBe(leftover);
    expect((await database.db.execute(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
  });
});
