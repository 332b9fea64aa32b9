import { tasks } from "@errand/db";
import { describe, expect } from "vitest";
import { appTestWithoutQueue } from "../../testing/app-test.ts";
import { json } from "../../testing/test-app.ts";

const it = appTestWithoutQueue;

const PASSWORD = "hunter2-but-longer";
const TOTP = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

describe("credentials API", () => {
  it("saves a credential and never answers with its values; a task names it; another account sees nothing", async ({ app: t }) => {
    const owner = await t.newCaller();
    const res = await t.send("POST", "/api/v1/credentials", owner.headers, {
      name: "shop",
      domains: ["shop.example", "*.shop.example"],
      username: "bob",
      password: PASSWORD,
      totp_secret: TOTP,
    });
    expect(res.status).toBe(201);
    const created = await json(res);
    expect(created).toEqual({
      id: expect.any(String),
      name: "shop",
      domains: ["shop.example", "*.shop.example"],
      username_hint: "***",
      has_totp: true,
      mailbox: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });

    const listed = await t.send("GET", "/api/v1/credentials", owner.headers);
    const text = await listed.text();
    expect(JSON.parse(text)).toEqual({ credentials: [created] });
    for (const value of [PASSWORD, TOTP]) expect(text).not.toContain(value);

    const patched = await json(
      await t.send("PATCH", `/api/v1/credentials/${created.id}`, owner.headers, { username: "bobby@shop.example", totp_secret: null }),
    );
    expect(patched).toMatchObject({ username_hint: "b***@shop.example", has_totp: false, domains: ["shop.example", "*.shop.example"] });

    const [task] = await t.ctx.db.insert(tasks).values({ userId: owner.userId, workspaceId: owner.userId, prompt: "Buy it" }).returning();
    const named = await t.send("PATCH", `/api/v1/tasks/${task!.id}`, owner.headers, { credential_names: ["shop"] });
    expect(named.status).toBe(200);
    expect((await json(named)).credential_names).toEqual(["shop"]);
    expect((await json(await t.send("GET", `/api/v1/tasks/${task!.id}`, owner.headers))).credential_names).toEqual(["shop"]);

    const stranger = await t.newCaller();
    expect((await t.send("GET", `/api/v1/credentials/${created.id}`, stranger.headers)).status).toBe(404);
    expect((await t.send("PATCH", `/api/v1/credentials/${created.id}`, stranger.headers, { password: "x-stolen" })).status).toBe(404);
    expect((await t.send("DELETE", `/api/v1/credentials/${created.id}`, stranger.headers)).status).toBe(404);
    expect(await json(await t.send("GET", "/api/v1/credentials", stranger.headers))).toEqual({ credentials: [] });

    expect((await t.send("DELETE", `/api/v1/credentials/${created.id}`, owner.headers)).status).toBe(204);
    expect((await t.send("GET", `/api/v1/credentials/${created.id}`, owner.headers)).status).toBe(404);
  });

  it("says what is wrong with a credential, and refuses a name already used or a task naming one it does not have", async ({ app: t }) => {
    const { headers, userId } = await t.newCaller();
    const base = { name: "mail", domains: ["mail.example"], username: "me", password: "pw-12345" };
    expect((await t.send("POST", "/api/v1/credentials", headers, base)).status).toBe(201);
    const again = await t.send("POST", "/api/v1/credentials", headers, base);
    expect(again.status).toBe(409);
    expect((await json(again)).error).toEqual({
      code: "conflict",
      message: "You already have a credential named mail: choose another name.",
    });

    const bad = await t.send("POST", "/api/v1/credentials", headers, {
      ...base,
      name: "Mail Box",
      domains: ["https://mail.example/"],
      totp_secret: "not a key!",
      mailbox: { host: "imap.example.com", port: 70_000, user: "me", password: "pw" },
    });
    expect(bad.status).toBe(400);
    const fields = Object.fromEntries(
      ((await json(bad)).error.fields as { path: string; message: string }[]).map((f) => [f.path, f.message]),
    );
    expect(Object.keys(fields).sort()).toEqual(["domains.0", "mailbox.port", "name", "totp_secret"]);
    expect(fields.name).toBe("name must be lowercase letters, digits and dashes, like github-work");

    const [task] = await t.ctx.db.insert(tasks).values({ userId, workspaceId: userId, prompt: "x" }).returning();
    const missing = await t.send("PATCH", `/api/v1/tasks/${task!.id}`, headers, { credential_names: ["nope"] });
    expect(missing.status).toBe(400);
    expect((await json(missing)).error.fields).toEqual([{ path: "credential_names", message: "No credential named nope" }]);
  });
});
