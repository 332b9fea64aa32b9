import { tasksRuns } from "@errand/db";
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { appTest } from "../testing/app-test.ts";
import { json, type TestApp } from "../testing/test-app.ts";

const it = appTest.extend("appOptions", { apiRateLimit: 5 });
let t: TestApp;
it.beforeAll(({ app }) => {
  t = app;
});

const newCaller = (email?: string) => t.newCaller(email);
const createRun = (headers: Record<string, string>, body: unknown) =>
  t.app.request("/api/v1/runs", { method: "POST", headers, body: JSON.stringify(body) });

describe("Idempotency-Key", () => {
  it("creates the run once and replays the first response", async () => {
    const { headers } = await newCaller();
    const keyed = { ...headers, "idempotency-key": "order-42" };
    const first = await createRun(keyed, { prompt: "buy once" });
    const second = await createRun(keyed, { prompt: "buy once" });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    const a = await json(first);
    expect(await json(second)).toEqual(a);
    expect(await t.ctx.db.select().from(tasksRuns).where(eq(tasksRuns.taskId, a.task_id))).toHaveLength(1);
  });

  it("refuses the same key with another body, and frees a key whose request failed", async () => {
    const { headers } = await newCaller();
    const keyed = { ...headers, "idempotency-key": "k-1" };
    await createRun(keyed, { prompt: "one" });
    const other = await createRun(keyed, { prompt: "two" });
    expect(other.status).toBe(400);
    expect((await json(other)).error.fields[0].path).toBe("Idempotency-Key");

    const failing = { ...headers, "idempotency-key": "k-2" };
    expect((await createRun(failing, { prompt: "x", session_timeout: 5 })).status).toBe(400);
    expect((await createRun(failing, { prompt: "x" })).status).toBe(201);
  });
});

describe("rate limit per API key", () => {
  it("sends the RateLimit headers and answers 429 with Retry-After past the limit", { timeout: 30_000 }, async () => {
    const { headers, cookie } = await newCaller();
    // Windows are whole minutes: start early in one so the 7 requests share it.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000) await new Promise((resolve) => setTimeout(resolve, 60_100 - intoMinute));
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 7; i++) {
      last = await t.app.request("/api/v1/account", { headers });
      statuses.push(last.status);
      if (i === 0) {
        expect(last.headers.get("ratelimit-limit")).toBe("5");
        expect(last.headers.get("ratelimit-remaining")).toBe("4");
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await json(last!)).error.code).toBe("rate_limited");
    // Another key, and the owner's own web session, are not affected.
    expect((await t.app.request("/api/v1/account", { headers: (await newCaller()).headers })).status).toBe(200);
    expect((await t.app.request("/api/v1/account", { headers: { cookie } })).status).toBe(200);
  });
});
