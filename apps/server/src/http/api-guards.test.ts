import { tasksRuns } from "@errand/db";
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { appTest } from "../testing/app-test.ts";
import { teamWorkspace } from "../testing/team-workspace.ts";
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

  it("is one person's in one workspace: a teammate's or another workspace's request with the same key is a new one", async () => {
    const ada = await newCaller();
    const bob = await newCaller();
    const team = await teamWorkspace(t, ada, [[bob, "member"]]);
    const key = { "idempotency-key": "order-42" };
    const body = { prompt: "buy once" };
    const adas = await createRun({ ...team.as(ada), ...key }, body);
    expect(adas.status).toBe(201);
    const adaRun = await json(adas);

    // Bob chose the same key for his own request: he gets his run, not Ada's answer.
    const bobs = await createRun({ ...team.as(bob), ...key }, body);
    expect(bobs.status).toBe(201);
    expect(bobs.headers.get("idempotent-replayed")).toBeNull();
    const bobRun = await json(bobs);
    expect(bobRun.id).not.toBe(adaRun.id);
    const retry = await createRun({ ...team.as(bob), ...key }, body);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect((await json(retry)).id).toBe(bobRun.id);

    // Ada with her personal key: a run of her personal workspace, never the team's run replayed.
    const personal = await createRun({ ...ada.headers, ...key }, body);
    expect(personal.status).toBe(201);
    expect(personal.headers.get("idempotent-replayed")).toBeNull();
    const personalRun = await json(personal);
    expect(personalRun.id).not.toBe(adaRun.id);
    const [row] = await t.ctx.db.select({ workspaceId: tasksRuns.workspaceId }).from(tasksRuns).where(eq(tasksRuns.id, personalRun.id));
    expect(row?.workspaceId).toBe(ada.userId);
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
