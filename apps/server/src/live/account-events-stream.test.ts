import { claimRun, finishRun, recordStep } from "@errand/services/runs";
import { createRunEventListener, publishRunEvent } from "@errand/services/events";
import { testCaller } from "@errand/services/testing";
import { Hono } from "hono";
import { describe, expect, inject } from "vitest";
import { readSse } from "../testing/sse.ts";
import { clickStep } from "../testing/steps.ts";
import { appTest } from "../testing/app-test.ts";
import { teamWorkspace } from "../testing/team-workspace.ts";
import { json, type TestApp } from "../testing/test-app.ts";
import { streamAccountEvents } from "./account-events-stream.ts";

const url = inject("databaseUrl");
const it = appTest;
let t: TestApp;
it.beforeAll(({ app }) => {
  t = app;
});

describe("GET /api/v1/events: one stream for all of a person's runs", () => {
  it("carries the steps and the end of each of the caller's runs, in order, and nothing of anyone else's", async () => {
    const me = await t.newCaller();
    const someoneElse = await t.newCaller();
    const first = (await json(await t.send("POST", "/api/v1/runs", me.headers, { prompt: "one" }))).id as string;
    const second = (await json(await t.send("POST", "/api/v1/runs", me.headers, { prompt: "two" }))).id as string;
    const theirs = (await json(await t.send("POST", "/api/v1/runs", someoneElse.headers, { prompt: "three" }))).id as string;
    for (const id of [first, second, theirs]) await claimRun({ ctx: t.ctx, input: { runId: id } });

    const stream = await t.app.request("/api/v1/events", { headers: me.headers });
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toMatch(/text\/event-stream/);
    const producer = (async () => {
      await recordStep({ ctx: t.ctx, input: clickStep(first, 1) });
      await recordStep({ ctx: t.ctx, input: clickStep(theirs, 1) });
      await recordStep({ ctx: t.ctx, input: clickStep(second, 1) });
      await recordStep({ ctx: t.ctx, input: clickStep(first, 2) });
      await finishRun({ ctx: t.ctx, input: { runId: theirs, status: "success", result: "theirs" } });
      await finishRun({ ctx: t.ctx, input: { runId: first, status: "success", result: "done" } });
    })();
    const runEvent = (e: { event: string; data: string }, id: string, status: string) =>
      e.event === "run" && JSON.parse(e.data).id === id && JSON.parse(e.data).status === status;
    const events = await readSse(
      stream,
      (seen) => seen.some((e) => runEvent(e, first, "success")) && seen.some((e) => runEvent(e, second, "pending")),
    );
    await producer;

    const of = (runId: string) =>
      events.filter((e) => e.event !== "ping" && JSON.parse(e.data)[e.event === "step" ? "task_run_id" : "id"] === runId);
    const steps = (runId: string) =>
      of(runId)
        .filter((e) => e.event === "step")
        .map((e) => JSON.parse(e.data).number);
    const statuses = (runId: string) =>
      of(runId)
        .filter((e) => e.event === "run")
        .map((e) => JSON.parse(e.data).status);
    // Each step once and in order; a run's events come after its steps, its end last.
    expect(steps(first)).toEqual([1, 2]);
    expect(steps(second)).toEqual([1]);
    expect(statuses(first).at(-1)).toBe("success");
    expect(
      statuses(first)
        .slice(0, -1)
        .every((status) => status === "pending"),
    ).toBe(true);
    expect(of(first).at(-1)).toMatchObject({ event: "run" });
    expect(statuses(second)).toEqual(["pending"]);
    expect(events.map((e) => e.data).join("\n")).not.toContain(theirs);
    expect(events[0]).toMatchObject({ event: "ping" });
  });

  it("sends a run's end once, even when an event of the run arrives after its end was sent", async () => {
    const me = await t.newCaller();
    const first = (await json(await t.send("POST", "/api/v1/runs", me.headers, { prompt: "one" }))).id as string;
    const second = (await json(await t.send("POST", "/api/v1/runs", me.headers, { prompt: "two" }))).id as string;
    for (const id of [first, second]) await claimRun({ ctx: t.ctx, input: { runId: id } });
    const events = await createRunEventListener(url, t.ctx.log);
    try {
      const app = new Hono().get("/events", (c) =>
        streamAccountEvents(c, { ctx: t.ctx, events }, testCaller(me.userId), { heartbeatMs: 20 }),
      );
      const stream = await app.request("/events");
      const ended = (seen: { event: string; data: string }[], id: string) =>
        seen.some((e) => e.event === "run" && JSON.parse(e.data).id === id && JSON.parse(e.data).status === "success");
      let pingsAfterSecond = 0;
      const producer = (async () => {
        await finishRun({ ctx: t.ctx, input: { runId: first, status: "success", result: "done" } });
        // A step event the stream hears after it already read and sent the run's end: what a busy
        // machine does when a step's NOTIFY is handled after the run finished.
        await new Promise((resolve) => setTimeout(resolve, 100));
        await publishRunEvent(t.ctx.db, { type: "step", runId: first, workspaceId: me.userId, stepId: first, number: 1 });
        await finishRun({ ctx: t.ctx, input: { runId: second, status: "success", result: "done" } });
      })();
      const seen = await readSse(stream, (so) => {
        if (!ended(so, second)) return false;
        pingsAfterSecond = so.slice(so.findIndex((e) => ended([e], second))).filter((e) => e.event === "ping").length;
        return pingsAfterSecond >= 5;
      });
      await producer;
      const endsOfFirst = seen.filter((e) => ended([e], first));
      expect(endsOfFirst).toHaveLength(1);
      expect(seen.filter((e) => e.event === "step")).toEqual([]);
    } finally {
      await events.close();
    }
  });

  it("in a team workspace, carries a teammate's run to every member who can read it; outsiders get 404 on its stream", async () => {
    const ada = await t.newCaller();
    const bob = await t.newCaller();
    const carol = await t.newCaller();
    const team = await teamWorkspace(t, ada, [[bob, "viewer"]]);
    const adas = (await json(await t.send("POST", "/api/v1/runs", team.as(ada), { prompt: "the team's run" }))).id as string;
    await claimRun({ ctx: t.ctx, input: { runId: adas } });

    // As the web app opens it: EventSource sends no headers, so the workspace is in the query.
    const { "x-errand-workspace": _, ...bobsSession } = team.as(bob);
    const bobsStream = await t.app.request(`/api/v1/events?workspace=${team.id}`, { headers: bobsSession });
    expect(bobsStream.status).toBe(200);
    const carolsSession = { cookie: carol.cookie, "sec-fetch-site": "same-origin" };
    const carolNamingTheTeam = await t.app.request(`/api/v1/events?workspace=${team.id}`, { headers: carolsSession });
    expect(carolNamingTheTeam.status).toBe(404);
    expect((await json(carolNamingTheTeam)).error.message).toBe("Workspace not found");
    const producer = (async () => {
      await recordStep({ ctx: t.ctx, input: clickStep(adas, 1) });
      await finishRun({ ctx: t.ctx, input: { runId: adas, status: "success", result: "done" } });
    })();
    const ended = (seen: { event: string; data: string }[]) =>
      seen.some((e) => e.event === "run" && JSON.parse(e.data).id === adas && JSON.parse(e.data).status === "success");
    const bobSaw = await readSse(bobsStream, ended);
    await producer;
    expect(bobSaw.filter((e) => e.event === "step").map((e) => JSON.parse(e.data).task_run_id)).toEqual([adas]);

    // The run's own stream: a member reads it; someone outside the workspace is told it does not exist.
    const own = await t.app.request(`/api/v1/runs/${adas}/events`, { headers: team.as(bob) });
    expect(own.status).toBe(200);
    expect((await readSse(own, ended)).some((e) => e.event === "step")).toBe(true);
    const outsider = await t.app.request(`/api/v1/runs/${adas}/events`, { headers: carol.headers });
    expect(outsider.status).toBe(404);
    expect((await json(outsider)).error.message).toBe("Run not found");
  });

  it("needs a caller", async () => {
    expect((await t.app.request("/api/v1/events")).status).toBe(401);
  });

  it("sends a ping the page can see at every heartbeat, between events", async () => {
    const me = await t.newCaller();
    const events = await createRunEventListener(url, t.ctx.log);
    try {
      const app = new Hono().get("/events", (c) =>
        streamAccountEvents(c, { ctx: t.ctx, events }, testCaller(me.userId), { heartbeatMs: 20 }),
      );
      const pings = await readSse(await app.request("/events"), (seen) => seen.length >= 3);
      // Named events with data: a comment line would keep proxies awake but the page would not see it.
      expect(pings).toEqual([
        { event: "ping", data: "{}" },
        { event: "ping", data: "{}" },
        { event: "ping", data: "{}" },
      ]);
    } finally {
      await events.close();
    }
  });
});
