import { SHARED_RUN_NOT_FOUND_MESSAGE } from "@errand/contract";
import { steps, tasksRuns } from "@errand/db";
import { claimRun, finishRun, recordStep } from "@errand/services/runs";
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { appTest } from "../../testing/app-test.ts";
import { json, TEST_BASE_URL, type TestApp } from "../../testing/test-app.ts";
import { fakeWebBuild } from "../../testing/web-build.ts";
import { loggablePath } from "../errors.ts";

const it = appTest.extend("appOptions", { webDir: fakeWebBuild() });
let t: TestApp;
it.beforeAll(({ app }) => {
  t = app;
});

type Caller = Awaited<ReturnType<typeof t.newCaller>>;
const call = (caller: Caller | null, method: string, path: string, body?: unknown) =>
  t.app.request(path, { method, headers: caller?.headers ?? {}, body: body === undefined ? undefined : JSON.stringify(body) });
const tokenOf = (url: string) => url.split("/shared/")[1]!;

/** A finished run with one step and its screenshot, as the worker leaves it. */
async function finishedRun(owner: Caller) {
  const created = await json(
    await call(owner, "POST", "/api/v1/runs", { prompt: "Find the opening hours", webhook_url: "https://hooks.example.com/errand" }),
  );
  await claimRun({ ctx: t.ctx, input: { runId: created.id } });
  const key = `steps/${created.id}/1.png`;
  await t.storage.put(key, Buffer.from("step one"), "image/png");
  await recordStep({
    ctx: t.ctx,
    input: {
      runId: created.id,
      number: 1,
      url: "https://shop.example/hours",
      action: null,
      extractedContent: "Open 9-17",
      success: true,
      error: null,
      durationMs: 5,
      inputTokens: 10,
      outputTokens: 2,
      screenshotKey: key,
    },
  });
  await finishRun({ ctx: t.ctx, input: { runId: created.id, status: "success", result: "9-17", executionTime: 3 } });
  return created as { id: string; task_id: string };
}

describe("sharing a run by link", () => {
  it("gives the owner one link that shows a read-only replay to anyone, without the owner's details", async () => {
    const owner = await t.newCaller();
    const run = await finishedRun(owner);
    expect(await json(await call(owner, "GET", `/api/v1/runs/${run.id}/share`))).toEqual({ url: null });

    const shared = await call(owner, "POST", `/api/v1/runs/${run.id}/share`);
    expect(shared.status).toBe(200);
    const { url } = await json(shared);
    expect(url).toMatch(new RegExp(`^${TEST_BASE_URL}/shared/[A-Za-z0-9_-]{32}$`));
    // Sharing again keeps the same link; the owner can read it back.
    expect(await json(await call(owner, "POST", `/api/v1/runs/${run.id}/share`))).toEqual({ url });
    expect(await json(await call(owner, "GET", `/api/v1/runs/${run.id}/share`))).toEqual({ url });

    // No key, no cookie.
    const res = await call(null, "GET", `/api/v1/shared/${tokenOf(url)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const replay = await json(res);
    expect(replay.run).toMatchObject({
      id: run.id,
      prompt: "Find the opening hours",
      status: "success",
      result: "9-17",
      auth_context_id: null,
    });
    for (const field of ["user_id", "webhook_url", "input_tokens", "output_tokens", "cost", "charge"])
      expect(replay.run).not.toHaveProperty(field);
    expect(JSON.stringify(replay)).not.toContain(owner.email);
    expect(JSON.stringify(replay)).not.toContain("hooks.example.com");
    expect(replay.steps).toHaveLength(1);
    expect(replay.steps[0]).toMatchObject({ number: 1, extracted_content: "Open 9-17" });
    const file = await t.app.request(replay.steps[0].screenshot_url.replace(TEST_BASE_URL, ""));
    expect(await file.text()).toBe("step one");

    // The page of the link is never indexed.
    const page = await t.app.request(`/shared/${tokenOf(url)}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
  });

  it("stops working at once when revoked, and sharing again makes a new link", async () => {
    const owner = await t.newCaller();
    const run = await finishedRun(owner);
    const first = (await json(await call(owner, "POST", `/api/v1/runs/${run.id}/share`))).url as string;

    expect((await call(owner, "DELETE", `/api/v1/runs/${run.id}/share`)).status).toBe(204);
    const revoked = await call(null, "GET", `/api/v1/shared/${tokenOf(first)}`);
    expect(revoked.status).toBe(404);
    expect((await json(revoked)).error).toEqual({ code: "not_found", message: SHARED_RUN_NOT_FOUND_MESSAGE });
    expect((await t.app.request(`/shared/${tokenOf(first)}`)).status).toBe(404);
    expect(await json(await call(owner, "GET", `/api/v1/runs/${run.id}/share`))).toEqual({ url: null });
    // Unsharing twice is fine.
    expect((await call(owner, "DELETE", `/api/v1/runs/${run.id}/share`)).status).toBe(204);

    const second = (await json(await call(owner, "POST", `/api/v1/runs/${run.id}/share`))).url as string;
    expect(second).not.toBe(first);
    expect((await call(null, "GET", `/api/v1/shared/${tokenOf(second)}`)).status).toBe(200);
    expect((await call(null, "GET", `/api/v1/shared/${tokenOf(first)}`)).status).toBe(404);
  });

  it("hands out screenshot links that stop working the moment the share is revoked; the owner's own links are unaffected", async () => {
    const owner = await t.newCaller();
    const run = await finishedRun(owner);
    const first = (await json(await call(owner, "POST", `/api/v1/runs/${run.id}/share`))).url as string;
    const link = (await json(await call(null, "GET", `/api/v1/shared/${tokenOf(first)}`))).steps[0].screenshot_url as string;
    const fetchLink = (url: string) => t.app.request(url.replace(TEST_BASE_URL, ""));

    const shown = await fetchLink(link);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-type")).toBe("image/png");
    expect(shown.headers.get("cache-control")).toBe("no-store");
    expect(await shown.text()).toBe("step one");

    expect((await call(owner, "DELETE", `/api/v1/runs/${run.id}/share`)).status).toBe(204);
    const revoked = await fetchLink(link);
    expect(revoked.status).toBe(404);
    expect((await json(revoked)).error).toEqual({ code: "not_found", message: SHARED_RUN_NOT_FOUND_MESSAGE });
    // Sharing again makes a new link: the old screenshot links stay dead, the new ones work.
    const second = (await json(await call(owner, "POST", `/api/v1/runs/${run.id}/share`))).url as string;
    expect((await fetchLink(link)).status).toBe(404);
    const fresh = (await json(await call(null, "GET", `/api/v1/shared/${tokenOf(second)}`))).steps[0].screenshot_url as string;
    expect(await (await fetchLink(fresh)).text()).toBe("step one");
    // A step of another run is not reachable through this share.
    const other = await finishedRun(owner);
    const [otherStep] = await t.ctx.db.select({ id: steps.id }).from(steps).where(eq(steps.taskRunId, other.id));
    expect((await fetchLink(fresh.replace(/[^/]+$/, otherStep!.id))).status).toBe(404);

    // The owner's signed links do not depend on sharing.
    expect((await call(owner, "DELETE", `/api/v1/runs/${run.id}/share`)).status).toBe(204);
    const own = (await json(await call(owner, "GET", `/api/v1/runs/${run.id}/screenshot`))).signed_url as string;
    expect(await (await fetchLink(own)).text()).toBe("step one");
  });

  it("lets only the owner share, unshare or read the link", async () => {
    const owner = await t.newCaller();
    const stranger = await t.newCaller();
    const run = await finishedRun(owner);
    for (const method of ["GET", "POST", "DELETE"]) {
      expect((await call(stranger, method, `/api/v1/runs/${run.id}/share`)).status, method).toBe(404);
      expect((await call(null, method, `/api/v1/runs/${run.id}/share`)).status, method).toBe(401);
    }
    const [row] = await t.ctx.db.select({ token: tasksRuns.shareToken }).from(tasksRuns).where(eq(tasksRuns.id, run.id));
    expect(row!.token).toBeNull();
  });

  it("answers 404 with the same message for unknown and malformed tokens, and for a deleted task's runs", async () => {
    for (const token of ["A".repeat(32), "short", "x".repeat(33), "a.b"]) {
      const res = await call(null, "GET", `/api/v1/shared/${token}`);
      expect(res.status, token).toBe(404);
      expect((await json(res)).error.message).toBe(SHARED_RUN_NOT_FOUND_MESSAGE);
    }

    const owner = await t.newCaller();
    const run = await finishedRun(owner);
    const { url } = await json(await call(owner, "POST", `/api/v1/runs/${run.id}/share`));
    expect((await call(owner, "DELETE", `/api/v1/tasks/${run.task_id}`)).status).toBe(204);
    expect((await call(null, "GET", `/api/v1/shared/${tokenOf(url)}`)).status).toBe(404);
  });

  it.each(["/api/v1/shared/", "/shared/", "/shared/evaluations/", "/api/v1/shared/evaluations/"])(
    "keeps share tokens out of the error log's paths: %s",
    (prefix) => expect(loggablePath(`${prefix}AbCdEfGhIjKlMnOpQrStUvWxYz012345`)).toBe(`${prefix}[token]`),
  );

  it("leaves other paths as they are", () => {
    expect(loggablePath("/api/v1/runs/1/share")).toBe("/api/v1/runs/1/share");
  });
});

describe("sharing an evaluation by link", () => {
  it("serves the shared report's page while the link works, and answers 404 for an unshared or unknown link, as a run's", async () => {
    const owner = await t.newCaller();
    const made = await call(owner, "POST", "/api/v1/evaluations", { suite: { name: "Shared suite", cases: [{ prompt: "Say hello" }] } });
    expect(made.status).toBe(201);
    const { id } = await json(made);
    const { url } = await json(await call(owner, "POST", `/api/v1/evaluations/${id}/share`));
    const page = `/shared/evaluations/${url.split("/shared/evaluations/")[1]}`;

    const open = await t.app.request(page);
    expect(open.status).toBe(200);
    expect(open.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(await open.text()).toContain('<div id="root"></div>');

    expect((await call(owner, "DELETE", `/api/v1/evaluations/${id}/share`)).status).toBe(200);
    const revoked = await t.app.request(page);
    expect(revoked.status).toBe(404);
    // The app's shell still comes, so the page says the link no longer works.
    expect(await revoked.text()).toContain('<div id="root"></div>');
    for (const token of ["A".repeat(32), "short"]) expect((await t.app.request(`/shared/evaluations/${token}`)).status, token).toBe(404);
  });
});
