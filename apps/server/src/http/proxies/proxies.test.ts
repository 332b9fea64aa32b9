import { tasks } from "@errand/db";
import { describe, expect } from "vitest";
import { appTestWithoutQueue } from "../../testing/app-test.ts";
import { json, type TestApp } from "../../testing/test-app.ts";

const it = appTestWithoutQueue;
let t: TestApp;
it.beforeAll(({ app }) => {
  t = app;
});

const PASSWORD = "gateway-secret-9";
const fieldsOf = async (res: Response) =>
  Object.fromEntries(((await json(res)).error.fields as { path: string; message: string }[]).map((f) => [f.path, f.message]));

describe("proxy pools API", () => {
  it("saves a pool and never answers with its credentials; a task names it; another account sees nothing", async () => {
    const owner = await t.newCaller();
    const res = await t.send("POST", "/api/v1/proxy-pools", owner.headers, {
      name: "residential",
      entries: [
        { url: `http://cust-{session}-cc-{country}:${PASSWORD}@gw.example.com:7777` },
        { url: "socks5://de.example.com:1080", country: "de" },
      ],
    });
    expect(res.status).toBe(201);
    const created = await json(res);
    expect(created).toEqual({
      id: expect.any(String),
      name: "residential",
      rotation: "round-robin",
      entries: [
        {
          id: expect.any(String),
          server: "http://gw.example.com:7777",
          country: null,
          has_credentials: true,
          uses_placeholders: ["session", "country"],
        },
        { id: expect.any(String), server: "socks5://de.example.com:1080", country: "de", has_credentials: false, uses_placeholders: [] },
      ],
      countries: ["de"],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const listed = await (await t.send("GET", "/api/v1/proxy-pools", owner.headers)).text();
    expect(JSON.parse(listed)).toEqual({ proxy_pools: [created] });
    expect(listed).not.toContain(PASSWORD);
    expect(listed).not.toContain("cust-");

    const [task] = await t.ctx.db
      .insert(tasks)
      .values({ userId: owner.userId, workspaceId: owner.userId, prompt: "Check prices" })
      .returning();
    const named = await t.send("PATCH", `/api/v1/tasks/${task!.id}`, owner.headers, { proxy: { pool: "residential", country: "FR" } });
    expect(named.status).toBe(200);
    expect((await json(named)).proxy).toEqual({ pool: "residential", country: "fr" });
    expect((await json(await t.send("PATCH", `/api/v1/tasks/${task!.id}`, owner.headers, { proxy: null }))).proxy).toBeNull();

    const stranger = await t.newCaller();
    expect((await t.send("GET", `/api/v1/proxy-pools/${created.id}`, stranger.headers)).status).toBe(404);
    expect((await t.send("PATCH", `/api/v1/proxy-pools/${created.id}`, stranger.headers, { rotation: "random" })).status).toBe(404);
    expect((await t.send("DELETE", `/api/v1/proxy-pools/${created.id}`, stranger.headers)).status).toBe(404);
    expect(await json(await t.send("GET", "/api/v1/proxy-pools", stranger.headers))).toEqual({ proxy_pools: [] });
    // A stranger's run cannot name it.
    expect(await fieldsOf(await t.send("POST", "/api/v1/runs", stranger.headers, { prompt: "p", proxy: { pool: "residential" } }))).toEqual(
      {
        "proxy.pool": "There is no proxy pool named residential (it may have been deleted or renamed).",
      },
    );

    expect((await t.send("DELETE", `/api/v1/proxy-pools/${created.id}`, owner.headers)).status).toBe(204);
    expect((await t.send("GET", `/api/v1/proxy-pools/${created.id}`, owner.headers)).status).toBe(404);
  });

  it("says what is wrong, field by field, and refuses a second pool of the same name", async () => {
    const owner = await t.newCaller();
    const bad = await t.send("POST", "/api/v1/proxy-pools", owner.headers, {
      name: "Not OK!",
      entries: [{ url: "ftp://x.example.com" }, { url: "http://y.example.com", country: "deu" }],
    });
    expect(bad.status).toBe(400);
    expect(await fieldsOf(bad)).toEqual({
      name: "name must be lowercase letters, digits and dashes, like residential-eu",
      "entries.0.url": "url must start with http://, https:// or socks5://",
      "entries.1.country": "country must be a two-letter country code (ISO 3166-1 alpha-2) such as de or us",
    });
    const run = await t.send("POST", "/api/v1/runs", owner.headers, { prompt: "p", proxy: "residential" });
    expect(await fieldsOf(run)).toEqual({ proxy: 'proxy must be an object like { "pool": "residential", "country": "de" }, or null' });
    const ok = { name: "dc", entries: [{ url: "http://a.example.com:3128", country: "us" }] };
    expect((await t.send("POST", "/api/v1/proxy-pools", owner.headers, ok)).status).toBe(201);
    const again = await t.send("POST", "/api/v1/proxy-pools", owner.headers, ok);
    expect(again.status).toBe(409);
    expect((await json(again)).error).toEqual({
      code: "conflict",
      message: "You already have a proxy pool named dc: choose another name.",
    });
    expect(
      await fieldsOf(await t.send("POST", "/api/v1/runs", owner.headers, { prompt: "p", proxy: { pool: "dc", country: "gb" } })),
    ).toEqual({
      "proxy.country": "The proxy pool dc has no proxy in GB (it offers US).",
    });
  });

  it("answers 400 naming the entry and the rule for a proxy at a private or metadata address, and saves nothing", async () => {
    const owner = await t.newCaller();
    const res = await t.send("POST", "/api/v1/proxy-pools", owner.headers, {
      name: "inside",
      entries: [{ url: `http://user:${PASSWORD}@169.254.169.254:80` }, { url: "socks5://10.0.0.1:1080" }],
    });
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.error.code).toBe("validation_error");
    const unless = "such addresses are refused unless the server sets ALLOW_PRIVATE_NETWORK=true";
    expect(Object.fromEntries((body.error.fields as { path: string; message: string }[]).map((f) => [f.path, f.message]))).toEqual({
      "entries.0.url": `169.254.169.254 is a private, loopback, link-local or metadata address; ${unless}`,
      "entries.1.url": `10.0.0.1 is a private, loopback, link-local or metadata address; ${unless}`,
    });
    expect(JSON.stringify(body)).not.toContain(PASSWORD);
    expect(await json(await t.send("GET", "/api/v1/proxy-pools", owner.headers))).toEqual({ proxy_pools: [] });
  });
});
