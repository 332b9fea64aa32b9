import { createIsolatedTestDb } from "@errand/db/testing";
import { startTestBoss } from "@errand/services/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserCheck } from "./browser-check.ts";
import { healthRoutes } from "./health-routes.ts";
import { startHealthServer } from "./health-server.ts";

const chromium = process.env.BROWSER_PATH || "/usr/bin/chromium";

// A database of its own: the queue's schema is absent until this file starts pg-boss on it.
let database: Awaited<ReturnType<typeof createIsolatedTestDb>>;
beforeAll(async () => {
  database = await createIsolatedTestDb();
});
afterAll(async () => {
  await database.close();
});

const readyOf = async (app: ReturnType<typeof healthRoutes>) => {
  const res = await app.request("/ready");
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe("readiness (/api/ready)", () => {
  it("is not ready while the queue's schema is missing, then ready once the queue has started", async () => {
    const app = healthRoutes({ database });
    const before = await readyOf(app);
    expect(before.status).toBe(503);
    expect(before.body).toMatchObject({
      status: "unavailable",
      reason: "not ready: queue",
      failing: ["queue"],
      checks: { database: { ok: true }, queue: { ok: false, detail: expect.stringMatching(/pgboss/) } },
    });

    const { boss } = await startTestBoss(database.url);
    try {
      const after = await readyOf(app);
      expect(after.status).toBe(200);
      expect(after.body).toEqual({
        status: "ok",
        checks: {
          database: { ok: true, ms: expect.any(Number) },
          queue: { ok: true, ms: expect.any(Number) },
          browser: { ok: true, used: false, detail: "not used: this process executes no runs" },
        },
      });
    } finally {
      await boss.stop({ graceful: false });
    }
  });

  it("checks the browser of a process that executes runs: Chromium that runs is ready, a missing one is named", async () => {
    await startTestBoss(database.url).then(({ boss }) => boss.stop({ graceful: false }));
    const working = await readyOf(healthRoutes({ database, browser: browserCheck({ browserPath: chromium }) }));
    expect(working.status).toBe(200);
    expect(working.body.checks).toMatchObject({ browser: { ok: true, detail: expect.stringMatching(/chrom/i) } });

    const missing = await readyOf(healthRoutes({ database, browser: browserCheck({ browserPath: "/nonexistent/chromium" }) }));
    expect(missing.status).toBe(503);
    expect(missing.body).toMatchObject({
      failing: ["browser"],
      checks: { browser: { ok: false, detail: "Chromium at BROWSER_PATH does not run" } },
    });
    // The path an operator configured is not repeated to whoever calls the probe.
    expect(JSON.stringify(missing.body)).not.toContain("/nonexistent");
  });

  it("a remote browser (BROWSER_CDP_URL) is ready when its address accepts connections", async () => {
    const server = await startHealthServer({ database, port: 0, host: "127.0.0.1" });
    try {
      const up = await readyOf(healthRoutes({ database, browser: browserCheck({ cdpUrl: `ws://127.0.0.1:${server.port}/devtools` }) }));
      expect(up.body.checks).toMatchObject({ browser: { ok: true } });
    } finally {
      await server.close();
    }
  });
});

describe("liveness (/api/health)", () => {
  it("names the Node version the process runs on", async () => {
    const live = await healthRoutes({ database }).request("/health");
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: "ok", node: process.versions.node });
  });

  it("still answers 200 when the database is gone, while readiness names the database and the queue", async () => {
    const gone = await createIsolatedTestDb();
    await gone.close();
    const app = healthRoutes({ database: gone });
    const live = await app.request("/health");
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: "ok", node: process.versions.node });

    const ready = await readyOf(app);
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({
      status: "unavailable",
      failing: ["database", "queue"],
      checks: { database: { ok: false, detail: "the database does not answer" } },
    });
  });
});

describe("the worker's health server (errand worker --health)", () => {
  it("answers the probes over HTTP and nothing else", async () => {
    const server = await startHealthServer({ database, browser: browserCheck({ browserPath: chromium }), port: 0, host: "127.0.0.1" });
    try {
      const base = `http://127.0.0.1:${server.port}`;
      const live = await fetch(`${base}/api/health`);
      expect(live.status).toBe(200);
      expect(await live.json()).toEqual({ status: "ok", node: process.versions.node });
      const ready = await fetch(`${base}/api/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ checks: { browser: { ok: true } } });
      expect((await fetch(`${base}/api/v1/runs`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
