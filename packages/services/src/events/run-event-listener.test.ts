import { randomUUID } from "node:crypto";
import { dbTest, type TestDatabase } from "@errand/db/testing";
import { pollFor } from "@errand/testkit/testing";
import { sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { silentLogger } from "../logging/logger.ts";
import { createRunEventListener, type AccountEventsResync, type RunEventsResync } from "./run-event-listener.ts";
import { publishRunEvent, type RunEvent } from "./run-events.ts";

// A database of its own: the LISTEN connection found in pg_stat_activity is this file's.
const it = dbTest.extend("databaseOptions", { isolated: true });
let db: TestDatabase["db"];
let url: string;
it.beforeAll(({ database }) => {
  ({ db, url } = database);
});

const WAIT = { timeout: 15_000 };

const listeningBackends = async () =>
  (
    await db.execute<{ pid: number }>(
      sql`select pid from pg_stat_activity where datname = current_database() and query like 'LISTEN %' and pid <> pg_backend_pid()`,
    )
  ).rows.map((row) => row.pid);

describe("run event listener", () => {
  it("reconnects after losing its connection, tells each subscribed run to read again, and hears new events once", async () => {
    const listener = await createRunEventListener(url, silentLogger);
    try {
      const runId = randomUUID();
      const received: (RunEvent | RunEventsResync)[] = [];
      listener.subscribe(runId, (event) => received.push(event));
      const account: (RunEvent | AccountEventsResync)[] = [];
      listener.subscribeWorkspace("u", (event) => account.push(event));
      const [backend] = await pollFor(listeningBackends, (pids) => pids.length === 1, WAIT);

      // The database ends the connection (a restart, a failover, an operator); an event
      // published before the listener is back is lost to it.
      await db.execute(sql`select pg_terminate_backend(${backend})`);
      await publishRunEvent(db, { type: "status", runId, workspaceId: "u", status: "success" });
      await expect.poll(() => received, WAIT).toSatisfy((events: typeof received) => events.some((e) => e.type === "resync"));
      expect(received.filter((e) => e.type === "resync")).toEqual([{ type: "resync", runId }]);
      await expect.poll(() => account, WAIT).toSatisfy((events: typeof account) => events.some((e) => e.type === "resync"));
      expect(account).toEqual([{ type: "resync" }]);

      const [again] = await pollFor(listeningBackends, (pids) => pids.length === 1 && pids[0] !== backend, WAIT);
      expect(again).not.toBe(backend);
      await publishRunEvent(db, { type: "step", runId, workspaceId: "u", stepId: "s", number: 2 });
      await expect.poll(() => received, WAIT).toSatisfy((events: typeof received) => events.some((e) => e.type === "step"));
      expect(received.filter((e) => e.type === "step")).toHaveLength(1);
    } finally {
      await listener.close();
    }
  });

  it("gives a workspace's subscribers the events of its runs only, and stops after unsubscribing", async () => {
    const listener = await createRunEventListener(url, silentLogger);
    try {
      const mine: (RunEvent | AccountEventsResync)[] = [];
      const unsubscribe = listener.subscribeWorkspace("alice", (event) => mine.push(event));
      const [aliceRun, bobRun] = [randomUUID(), randomUUID()];
      await publishRunEvent(db, { type: "step", runId: bobRun, workspaceId: "bob", stepId: "s1", number: 1 });
      await publishRunEvent(db, { type: "step", runId: aliceRun, workspaceId: "alice", stepId: "s2", number: 1 });
      await publishRunEvent(db, { type: "status", runId: aliceRun, workspaceId: "alice", status: "success" });
      await expect.poll(() => mine, WAIT).toSatisfy((events: typeof mine) => events.length >= 2);
      expect(mine).toEqual([
        { type: "step", runId: aliceRun, workspaceId: "alice", stepId: "s2", number: 1 },
        { type: "status", runId: aliceRun, workspaceId: "alice", status: "success" },
      ]);

      unsubscribe();
      const heard: RunEvent[] = [];
      listener.subscribeAll((event) => heard.push(event));
      await publishRunEvent(db, { type: "status", runId: randomUUID(), workspaceId: "alice", status: "failed" });
      await expect.poll(() => heard, WAIT).toSatisfy((events: typeof heard) => events.length === 1);
      expect(mine).toHaveLength(2);
    } finally {
      await listener.close();
    }
  });
});
