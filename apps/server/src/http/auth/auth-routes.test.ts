import { afterAll, describe, expect, it } from "vitest";
import { cookiesFrom, createTestApp, TEST_BASE_URL, json, uniqueEmail } from "../../testing/test-app.ts";

const { app, close, freshIp } = await createTestApp();
afterAll(close);

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", origin: TEST_BASE_URL, "x-forwarded-for": freshIp(), ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

describe("e-mail and password accounts", () => {
  it("sign-up sets an httpOnly session cookie and provisions 5 free prompts", async () => {
    const email = uniqueEmail();
    const res = await post("/api/auth/sign-up/email", { email, password: "secret1" });
    expect(res.status).toBe(200);
    const setCookie = res.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/session_token=.*HttpOnly/i);

    const account = await app.request("/api/v1/account", { headers: { cookie: cookiesFrom(res) } });
    expect(account.status).toBe(200);
    expect(await json(account)).toMatchObject({ email, balance: { freePrompts: 5, credits: 0 }, isAdmin: false });
  });

  it("logs in, looks up the session, logs out", async () => {
    const email = uniqueEmail();
    await post("/api/auth/sign-up/email", { email, password: "secret1" });
    const login = await post("/api/auth/sign-in/email", { email, password: "secret1" });
    expect(login.status).toBe(200);
    const cookie = cookiesFrom(login);

    const session = await app.request("/api/auth/get-session", { headers: { cookie } });
    expect((await json(session)).user.email).toBe(email);

    const logout = await post("/api/auth/sign-out", {}, { cookie });
    expect(logout.status).toBe(200);
    const after = await app.request("/api/auth/get-session", { headers: { cookie } });
    expect(await json(after)).toBeNull();
    expect((await app.request("/api/v1/account", { headers: { cookie } })).status).toBe(401);
  });

  it("refuses an existing e-mail with a clear message", async () => {
    const email = uniqueEmail();
    await post("/api/auth/sign-up/email", { email, password: "secret1" });
    const again = await post("/api/auth/sign-up/email", { email, password: "another1" });
    expect(again.status).toBe(422);
    expect((await json(again)).error.message).toMatch(/already exists/i);
  });

  it("answers a wrong password with 401 and the one error shape", async () => {
    const email = uniqueEmail();
    await post("/api/auth/sign-up/email", { email, password: "secret1" });
    const res = await post("/api/auth/sign-in/email", { email, password: "wrong-one" });
    expect(res.status).toBe(401);
    expect(await json(res)).toEqual({ error: { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" } });
  });

  it("rate limits repeated sign-in attempts from one address", async () => {
    const email = uniqueEmail();
    await post("/api/auth/sign-up/email", { email, password: "secret1" });
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await post("/api/auth/sign-in/email", { email, password: `wrong-${i}` }, { "x-forwarded-for": ip })).status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const limited = await post("/api/auth/sign-in/email", { email, password: "secret1" }, { "x-forwarded-for": ip });
    expect(limited.status).toBe(429);
    expect((await json(limited)).error).toMatchObject({ code: "rate_limited", message: expect.stringMatching(/Too many attempts/) });
    // Another address is not affected.
    expect((await post("/api/auth/sign-in/email", { email, password: "secret1" })).status).toBe(200);
  });

  it("rate limits sign-ups from one address", async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await post("/api/auth/sign-up/email", { email: uniqueEmail(), password: "secret1" }, { "x-forwarded-for": ip })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe("bad input", () => {
  it("malformed JSON is a 400 invalid_json, not a 500", async () => {
    const res = await post("/api/auth/sign-up/email", '{"email": "a@b.co",');
    expect(res.status).toBe(400);
    expect((await json(res)).error.code).toBe("invalid_json");
  });

  it("wrong types are a 400 naming each field", async () => {
    const res = await post("/api/auth/sign-in/email", { email: 42, password: ["x"] });
    expect(res.status).toBe(400);
    const body = await json(res);
    expect(body.error.code).toBe("validation_error");
    expect(body.error.fields.map((f: { path: string }) => f.path).sort()).toEqual(["email", "password"]);
  });

  it("a short password at sign-up names the rule", async () => {
    const res = await post("/api/auth/sign-up/email", { email: uniqueEmail(), password: "123" });
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields).toEqual([{ path: "password", message: "Password must be at least 6 characters long." }]);
  });

  it("a missing body is a 400 naming the fields", async () => {
    const res = await post("/api/auth/sign-up/email", "");
    expect(res.status).toBe(400);
    expect((await json(res)).error.fields.map((f: { path: string }) => f.path).sort()).toEqual(["email", "password"]);
  });
});
