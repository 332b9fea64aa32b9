import { randomUUID } from "node:crypto";
import { profiles, userCredits, users, workspaceMembers, workspaces } from "@errand/db";
import { createTestUser, openTestDb } from "@errand/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createTestAccount, makeTestContext, testCaller } from "../testing.ts";
import { callerFromApiKey, callerFromSession, getAccount, localCaller, provisionAccount, revealApiKey, rotateApiKey } from "./index.ts";
import { ServiceError } from "../index.ts";

const { db, close } = openTestDb();
afterAll(close);

describe("account verbs", () => {
  it("provisions 5 free prompts, no credits and an API key, once", async () => {
    const ctx = makeTestContext(db);
    const user = await createTestUser(db);
    await provisionAccount({ ctx, input: { userId: user.id } });
    await provisionAccount({ ctx, input: { userId: user.id } });

    const account = await getAccount({ ctx, caller: testCaller(user.id), input: {} });
    expect(account.balance).toEqual({ freePrompts: 5, credits: 0, heldFreePrompts: 0, heldCredits: 0 });
    expect(account.email).toBe(user.email);
    expect(await db.select().from(profiles).where(eq(profiles.id, user.id))).toHaveLength(1);
  });

  it("stores the API key so that the database alone does not reveal it", async () => {
    const ctx = makeTestContext(db);
    const user = await createTestUser(db);
    await provisionAccount({ ctx, input: { userId: user.id } });
    const { apiKey } = await revealApiKey({ ctx, caller: testCaller(user.id), input: {} });

    expect(apiKey).toMatch(/^errand_sk_[A-Za-z0-9_-]{43}$/);
    const [row] = await db.select().from(profiles).where(eq(profiles.id, user.id));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(apiKey);
    expect(stored).not.toContain(apiKey.slice(10));
    // Another installation (another encryption key) cannot decrypt it.
    await expect(revealApiKey({ ctx: makeTestContext(db), caller: testCaller(user.id), input: {} })).rejects.toThrow(
      /key that is not configured/,
    );
  });

  it("authenticates the owner's key and refuses others", async () => {
    const ctx = makeTestContext(db);
    const user = await createTestUser(db);
    await provisionAccount({ ctx, input: { userId: user.id } });
    const { apiKey } = await revealApiKey({ ctx, caller: testCaller(user.id), input: {} });

    await expect(callerFromApiKey({ ctx, input: { apiKey } })).resolves.toEqual({
      userId: user.id,
      isAdmin: false,
      via: "api-key",
      scopes: ["read", "run", "manage"],
      workspaceId: user.id,
      role: "owner",
    });
    for (const wrong of [
      "",
      "nope",
      `${apiKey}x`,
      apiKey.replace(/.$/, "A") === apiKey ? `${apiKey.slice(0, -1)}B` : apiKey.replace(/.$/, "A"),
    ]) {
      await expect(callerFromApiKey({ ctx, input: { apiKey: wrong } })).rejects.toMatchObject({ code: "unauthorized" });
    }
  });

  it("rotating the key invalidates the old one", async () => {
    const ctx = makeTestContext(db);
    const user = await createTestUser(db);
    await provisionAccount({ ctx, input: { userId: user.id } });
    const { apiKey: oldKey } = await revealApiKey({ ctx, caller: testCaller(user.id), input: {} });
    const { apiKey: newKey } = await rotateApiKey({ ctx, caller: testCaller(user.id), input: {} });

    expect(newKey).not.toBe(oldKey);
    await expect(callerFromApiKey({ ctx, input: { apiKey: oldKey } })).rejects.toBeInstanceOf(ServiceError);
    await expect(callerFromApiKey({ ctx, input: { apiKey: newKey } })).resolves.toMatchObject({ userId: user.id });
    expect((await revealApiKey({ ctx, caller: testCaller(user.id), input: {} })).apiKey).toBe(newKey);
  });

  it("resolves an API key to its owner's caller, an admin when their e-mail is in ADMIN_EMAILS", async () => {
    const admin = await createTestUser(db, { email: `Admin-${Date.now()}@Example.test` });
    const other = await createTestUser(db);
    const ctx = makeTestContext(db, { adminEmails: [admin.email.toLowerCase()] });
    await provisionAccount({ ctx, input: { userId: admin.id } });
    await provisionAccount({ ctx, input: { userId: other.id } });
    const adminKey = (await revealApiKey({ ctx, caller: testCaller(admin.id), input: {} })).apiKey;
    const otherKey = (await revealApiKey({ ctx, caller: testCaller(other.id), input: {} })).apiKey;

    expect(await callerFromApiKey({ ctx, input: { apiKey: adminKey } })).toEqual({
      userId: admin.id,
      isAdmin: true,
      via: "api-key",
      scopes: ["read", "run", "manage"],
      workspaceId: admin.id,
      role: "owner",
    });
    expect(await callerFromApiKey({ ctx, input: { apiKey: otherKey } })).toMatchObject({ userId: other.id, isAdmin: false });
  });

  it("resolves a session to a caller from its e-mail, with no query", () => {
    const ctx = makeTestContext(db, { adminEmails: ["boss@example.test"] });
    expect(callerFromSession({ ctx, input: { userId: "u1", email: "Boss@Example.test" } })).toEqual({
      userId: "u1",
      isAdmin: true,
      via: "session",
      scopes: ["read", "run", "manage"],
      workspaceId: "u1",
      role: "owner",
    });
    expect(callerFromSession({ ctx, input: { userId: "u2", email: "someone@example.test" } }).isAdmin).toBe(false);
  });

  it("gives the terminal a local caller who operates the deployment", async () => {
    const ctx = makeTestContext(db);
    const caller = await localCaller({ ctx, input: { email: `cli-${Date.now()}@errand.local` } });
    expect(caller).toMatchObject({
      isAdmin: true,
      via: "local",
      scopes: ["read", "run", "manage"],
      workspaceId: caller.userId,
      role: "owner",
    });
    expect((await getAccount({ ctx, caller, input: {} })).balance.freePrompts).toBe(5);
  });

  it("refuses to rotate the API key for a caller who may only read", async () => {
    const ctx = makeTestContext(db);
    const user = await createTestUser(db);
    await provisionAccount({ ctx, input: { userId: user.id } });
    const before = (await revealApiKey({ ctx, caller: testCaller(user.id), input: {} })).apiKey;
    const reader = testCaller(user.id, { scopes: ["read"] });

    await expect(rotateApiKey({ ctx, caller: reader, input: {} })).rejects.toMatchObject({ code: "forbidden" });
    expect((await revealApiKey({ ctx, caller: reader, input: {} })).apiKey).toBe(before);
  });

  it("gives every new account its personal workspace, which it owns, with the balance and the key", async () => {
    const ctx = makeTestContext(db);
    // As better-auth's sign-up and the CLI leave it: a bare user row, then provisioning.
    const id = randomUUID();
    await db.insert(users).values({ id, name: "New Person", email: `new-${id}@example.test` });
    await provisionAccount({ ctx, input: { userId: id } });
    await provisionAccount({ ctx, input: { userId: id } });
    expect(await db.select().from(workspaces).where(eq(workspaces.personalUserId, id))).toMatchObject([
      { id, kind: "personal", name: "Personal" },
    ]);
    expect(await db.select().from(workspaceMembers).where(eq(workspaceMembers.userId, id))).toMatchObject([
      { workspaceId: id, role: "owner" },
    ]);
    expect(await db.select().from(userCredits).where(eq(userCredits.userId, id))).toMatchObject([{ workspaceId: id, freePrompts: 5 }]);
    const { apiKey } = await revealApiKey({ ctx, caller: testCaller(id), input: {} });
    expect(await callerFromApiKey({ ctx, input: { apiKey } })).toMatchObject({ userId: id, workspaceId: id, role: "owner" });
  });

  it("stops a key the moment its account is no longer a member of the key's workspace", async () => {
    const ctx = makeTestContext(db);
    const user = await createTestAccount(ctx);
    const { apiKey } = await revealApiKey({ ctx, caller: testCaller(user.id), input: {} });
    await db.delete(workspaceMembers).where(eq(workspaceMembers.userId, user.id));
    await expect(callerFromApiKey({ ctx, input: { apiKey } })).rejects.toMatchObject({ code: "unauthorized", message: "Invalid API key" });
  });

  it("repairs an account whose provisioning never ran", async () => {
    const ctx = makeTestContext(db);
    const user = await createTestUser(db);
    const account = await getAccount({ ctx, caller: testCaller(user.id), input: {} });
    expect(account.balance.freePrompts).toBe(5);
    expect(await db.select().from(userCredits).where(eq(userCredits.userId, user.id))).toHaveLength(1);
  });

  it("flags admins by e-mail, case-insensitively", async () => {
    const user = await createTestUser(db, { email: `Boss-${Date.now()}@Example.test` });
    const ctx = makeTestContext(db, { adminEmails: [user.email.toLowerCase()] });
    expect((await getAccount({ ctx, caller: testCaller(user.id), input: {} })).isAdmin).toBe(true);
    expect((await getAccount({ ctx: makeTestContext(db), caller: testCaller(user.id), input: {} })).isAdmin).toBe(false);
  });

  it("answers not_found for an unknown user", async () => {
    await expect(getAccount({ ctx: makeTestContext(db), caller: testCaller("missing"), input: {} })).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("deleting a user removes their balance and profile", async () => {
    const ctx = makeTestContext(db);
    const user = await createTestUser(db);
    await provisionAccount({ ctx, input: { userId: user.id } });
    const { users } = await import("@errand/db");
    await db.delete(users).where(eq(users.id, user.id));
    expect(await db.select().from(userCredits).where(eq(userCredits.userId, user.id))).toHaveLength(0);
    expect(await db.select().from(profiles).where(eq(profiles.id, user.id))).toHaveLength(0);
  });
});
