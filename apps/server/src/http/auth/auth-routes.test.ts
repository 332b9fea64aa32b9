import { clearSignInThrottle } from "@errand/services/auth";
import { sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { appTestWithoutQueue as it } from "../../testing/app-test.ts";
import { cookiesFrom, TEST_BASE_URL, json, uniqueEmail, type TestApp } from "../../testing/test-app.ts";

let t: TestApp;
it.beforeAll(({ app }) => {
  t = app;
});

/*
 * Tests that sign in or up many times in a row: each password is hashed or checked with scrypt
 * (about 0.12 CPU-s, as in production) and each request makes several database round trips. A
 * test of 10 to 20 of them took more than 20 s when the machine was loaded (load average 25 on
 * two cores); this bound is for a hung test, not a speed target.
 */
const MANY_REQUESTS = { timeout: 60_000 };

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", origin: TEST_BASE_URL, "x-forwarded-for": t.freshIp(), ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

describe("e-mail and password accounts", MANY_REQUESTS, () => {
  it("sign-up sets an httpOnly session cookie and provisions 5 free prompts", async () => {
    const email = uniqueEmail();
    const res = await post("/api/auth/sign-up/email", { email, password: "secret1" });
    expect(res.status).toBe(200);
    const setCookie = res.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/session_token=.*HttpOnly/i);

    const account = await t.app.request("/api/v1/account", { headers: { cookie: cookiesFrom(res) } });
    expect(account.status).toBe(200);
    expect(await json(account)).toMatchObject({ email, balance: { freePrompts: 5, credits: 0 }, isAdmin: false });
  });

  it("logs in, looks up the session, logs out", async () => {
    const email = uniqueEmail();
    await post("/api/auth/sign-up/email", { email, password: "secret1" });
    const login = await post("/api/auth/sign-in/email", { email, password: "secret1" });
    expect(login.status).toBe(200);
    const cookie = cookiesFrom(login);

    const session = await t.app.request("/api/auth/get-session", { headers: { cookie } });
    expect((await json(session)).user.email).toBe(email);

    const logout = await post("/api/auth/sign-out", {}, { cookie });
    expect(logout.status).toBe(200);
    const after = await t.app.request("/api/auth/get-session", { headers: { cookie } });
    expect(await json(after)).toBeNull();
    expect((await t.app.request("/api/v1/account", { headers: { cookie } })).status).toBe(401);
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
    const ip = t.freshIp();
    const statuses: number[] = [];
    // Each guess for another account: the per-account limit never applies.
    for (let i = 0; i < 7; i++) {
      statuses.push(
        (await post("/api/auth/sign-in/email", { email: uniqueEmail(), password: `wrong-${i}` }, { "x-forwarded-for": ip })).status,
      );
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
    const ip = t.freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await post("/api/auth/sign-up/email", { email: uniqueEmail(), password: "secret1" }, { "x-forwarded-for": ip })).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("never limits reading one's own session: many pages and tabs behind one address stay signed in", async () => {
    const ip = t.freshIp();
    const signUp = await post("/api/auth/sign-up/email", { email: uniqueEmail(), password: "secret1" }, { "x-forwarded-for": ip });
    const cookie = cookiesFrom(signUp);
    // More than the 200 per minute every other auth endpoint allows one address.
    const statuses = new Set<number>();
    for (let i = 0; i < 230; i++) {
      const res = await t.app.request("/api/auth/get-session", { headers: { cookie, "x-forwarded-for": ip } });
      statuses.add(res.status);
      if (i === 229) expect((await json(res)).user).toBeTruthy();
    }
    expect([...statuses]).toEqual([200]);
  });
});

describe("failed sign-ins per account", MANY_REQUESTS, () => {
  const signIn = (email: string, password: string) => post("/api/auth/sign-in/email", { email, password });

  it("slows an account's sign-ins down, then locks them, even from a new address each time", async () => {
    const email = uniqueEmail();
    await post("/api/auth/sign-up/email", { email, password: "secret1" });
    const statuses: number[] = [];
    let last: Response | undefined;
    // Every guess from a fresh address: the per-address limit never applies.
    for (let i = 0; i < 5; i++) statuses.push((await signIn(email, `wrong-${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    // The fifth mistake makes the account wait 5 s. The guesses below must all come within that
    // wait, which a loaded machine can outlast (a guess then counts and is checked): the wait is
    // stretched to 80 s, as if they came at once.
    const key = `email:${email}`;
    const wait = await t.ctx.db.execute<{ seconds: number }>(
      sql`select extract(epoch from blocked_until - last_failure_at)::float as seconds from sign_in_throttles where key = ${key}`,
    );
    expect(Number(wait.rows[0]?.seconds)).toBe(5);
    await t.ctx.db.execute(sql`update sign_in_throttles set blocked_until = now() + interval '80 seconds' where key = ${key}`);
    for (let i = 5; i < 30; i++) {
      last = await signIn(email, `wrong-${i}`);
      statuses.push(last.status);
    }
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
    expect((await json(last!)).error.message).toMatch(/^Too many failed sign-ins for this account\. Try again in \d+ seconds?\.$/);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    // The right password while the account must wait is refused too: it is not even checked.
    const right = await signIn(email, "secret1");
    expect(right.status).toBe(429);
  });

  it("locks after ten attempts, says for how long, and a reset lifts it", async () => {
    const email = uniqueEmail();
    await post("/api/auth/sign-up/email", { email, password: "secret1" });
    for (let i = 0; i < 10; i++) {
      await signIn(email, `wrong-${i}`);
      // Skip the waits the way time would: the lock, not the slow-down, is under test here.
      await t.ctx.db.execute(sql`update sign_in_throttles set blocked_until = now() where key = ${`email:${email}`} and failures < 10`);
    }
    const locked = await signIn(email, "secret1");
    expect(locked.status).toBe(429);
    expect((await json(locked)).error.message).toBe(
      "Password sign-in to this account is locked after too many failed attempts. Try again in 15 minutes, or reset your password.",
    );
    await clearSignInThrottle({ ctx: t.ctx, input: { email } });
    expect((await signIn(email, "secret1")).status).toBe(200);
  });

  it("lets only the free attempts through when guesses arrive all at once", async () => {
    const email = uniqueEmail();
    await post("/api/auth/sign-up/email", { email, password: "secret1" });
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(email, `wrong-${i}`)));
    expect(burst.filter((r) => r.status === 401)).toHaveLength(5);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(15);
  });

  it("keeps another account, and a success, unaffected", async () => {
    const email = uniqueEmail();
    const other = uniqueEmail();
    await post("/api/auth/sign-up/email", { email, password: "secret1" });
    await post("/api/auth/sign-up/email", { email: other, password: "secret1" });
    for (let i = 0; i < 4; i++) await signIn(email, "wrong");
    expect((await signIn(email, "secret1")).status).toBe(200);
    // The success started the count afresh: four more mistakes are still free.
    for (let i = 0; i < 4; i++) expect((await signIn(email, "wrong")).status).toBe(401);
    for (let i = 0; i < 8; i++) await signIn(other, "wrong");
    expect((await signIn(email, "secret1")).status).toBe(200);
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
