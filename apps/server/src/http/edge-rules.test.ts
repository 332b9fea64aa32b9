import { claimRun } from "@errand/services/runs";
import { Hono } from "hono";
import { describe, expect } from "vitest";
import { appTest } from "../testing/app-test.ts";
import { json, TEST_BASE_URL, uniqueEmail, type TestApp } from "../testing/test-app.ts";
import { clientIp } from "./client-ip.ts";

const admin = uniqueEmail("admin");
const it = appTest.extend("appOptions", { adminEmails: [admin], pendingRunsPerAccount: 2 });
let t: TestApp;
it.beforeAll(({ app }) => {
  t = app;
});

const createRun = (headers: Record<string, string>) =>
  t.app.request("/api/v1/runs", { method: "POST", headers, body: JSON.stringify({ prompt: "p" }) });

describe("CSRF, whatever the method", () => {
  it("refuses a state-changing GET that another site started with the person's cookie", async () => {
    const { cookie, headers } = await t.newCaller(admin);
    const { id } = await json(await createRun(headers));
    await claimRun({ ctx: t.ctx, input: { runId: id } });
    const publish = (extra: Record<string, string>) => t.app.request(`/api/v1/runs/${id}/make-public`, { headers: { cookie, ...extra } });

    const crossSites: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { referer: "https://evil.example/page" },
    ];
    for (const crossSite of crossSites) {
      const refused = await publish(crossSite);
      expect(refused.status).toBe(403);
      expect((await json(refused)).error.message).toBe("Cross-site request refused");
    }
    expect((await json(await t.app.request(`/api/v1/runs/${id}`, { headers }))).public).toBe(false);

    const own = await publish({ "sec-fetch-site": "same-origin", referer: `${TEST_BASE_URL}/tasks/x` });
    expect(own.status).toBe(200);
    expect((await json(own)).public).toBe(true);
  });

  it("never lets a cookie write through without proof it comes from our pages", async () => {
    const { cookie } = await t.newCaller();
    const rotate = (extra: Record<string, string>) =>
      t.app.request("/api/v1/account/api-key/rotate", { method: "POST", headers: { cookie, ...extra } });
    expect((await rotate({})).status).toBe(403);
    expect((await rotate({ "sec-fetch-site": "none" })).status).toBe(403);
    expect((await rotate({ origin: TEST_BASE_URL })).status).toBe(200);
  });
});

describe("pending runs per account", () => {
  it("answers 429 with a clear message past the limit", async () => {
    const { headers } = await t.newCaller();
    expect((await createRun(headers)).status).toBe(201);
    expect((await createRun(headers)).status).toBe(201);
    const third = await createRun(headers);
    expect(third.status).toBe(429);
    expect((await json(third)).error).toEqual({
      code: "too_many_runs",
      message: "You already have 2 runs waiting or running. Wait for one to finish, then try again.",
    });
  });
});

describe("the client address behind trusted proxies", () => {
  const seen = async (hops: number, forwarded: string) => {
    const app = new Hono().get("/", (c) => c.text(clientIp(c, hops)));
    return (await app.request("/", { headers: { "x-forwarded-for": forwarded } })).text();
  };

  it("is the entry the outermost trusted proxy added, never one the client wrote", async () => {
    expect(await seen(1, "6.6.6.6, 203.0.113.7")).toBe("203.0.113.7");
    expect(await seen(2, "6.6.6.6, 203.0.113.7, 10.0.0.2")).toBe("203.0.113.7");
    expect(await seen(2, "203.0.113.7")).toBe("203.0.113.7");
    // No trusted proxy: the header is ignored (app.request has no socket).
    expect(await seen(0, "203.0.113.7")).toBe("unknown");
  });

  it("keys a per-address limit on it, so a client cannot pick a fresh address per request", async () => {
    const statuses: number[] = [];
    const client = t.freshIp();
    for (let i = 0; i < 7; i++) {
      const res = await t.app.request("/api/v1/contact-messages", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${i}, ${client}` },
        body: JSON.stringify({ email: "visitor@example.test", message: "Hello there, a question about Errand." }),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});
