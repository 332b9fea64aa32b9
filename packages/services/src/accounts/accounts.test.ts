import { profiles, userCredits } from "@errand/db";
import { createTestUser, openTestDb } from "@errand/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { makeTestContext } from "../testing.ts";
import { authenticateApiKey, getAccount, provisionAccount, revealApiKey, rotateApiKey, ServiceError } from "../index.ts";

const { db, close } = openTestDb();
afterAll(close);

describe("account verbs", () => {
  it("provisions 5 free prompts, no credits and an API key, once", async () => {
    const ctx = makeTestContext(db);
    const user = await createTestUser(db);
    await provisionAccount({ ctx, input: { userId: user.id } });
    await provisionAccount({ ctx, input: { userId: user.id } });

    const account = await getAccount({ ctx, input: { userId: user.id } });
    expect(account.balance).toEqual({ freePrompts: 5, credits: 0, heldFreePrompts: 0, heldCredits: 0 });
    expect(account.email).toBe(user.email);
    expect(await db.select().from(profiles).where(eq(profiles.id, user.id))).toHaveLength(1);
  });

  it("stores the API key so that the database alone does not reveal it", async () => {
    const ctx = makeTestContext(db);
    const user = await createTestUser(db);
    await provisionAccount({ ctx, input: { userId: user.id } });
    const { apiKey } = await revealApiKey({ ctx, input: { userId: user.id } });

    expect(apiKey).toMatch(/^errand_sk_[A-Za-z0-9_-]{43}$/);
    const [row] = await db.select().from(profiles).where(eq(profiles.id, user.id));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(apiKey);
    expect(stored).not.toContain(apiKey.slice(10));
    // Another installation (another encryption key) cannot decrypt it.
    await expect(revealApiKey({ ctx: makeTestContext(db), input: { userId: user.id } })).rejects.toThrow(/key that is not configured/);
  });

  it("authenticates the owner's key and refuses others", async () => {
    const ctx = makeTestContext(db);
    const user = await createTestUser(db);
    await provisionAccount({ ctx, input: { userId: user.id } });
    const { apiKey } = await revealApiKey({ ctx, input: { userId: user.id } });

    await expect(authenticateApiKey({ ctx, input: { apiKey } })).resolves.toEqual({ userId: user.id });
    for (const wrong of ["", "nope", `${apiKey}x`, apiKey.replace(/.$/, "A") === apiKey ? `${apiKey.slice(0, -1)}B` : apiKey.replace(/.$/, "A")]) {
      await expect(authenticateApiKey({ ctx, input: { apiKey: wrong } })).rejects.toMatchObject({ code: "unauthorized" });
    }
  });

  it("rotating the key invalidates the old one", async () => {
    const ctx = makeTestContext(db);
    const user = await createTestUser(db);
    await provisionAccount({ ctx, input: { userId: user.id } });
    const { apiKey: oldKey } = await revealApiKey({ ctx, input: { userId: user.id } });
    const { apiKey: newKey } = await rotateApiKey({ ctx, input: { userId: user.id } });

    expect(newKey).not.toBe(oldKey);
    await expect(authenticateApiKey({ ctx, input: { apiKey: oldKey } })).rejects.toBeInstanceOf(ServiceError);
    await expect(authenticateApiKey({ ctx, input: { apiKey: newKey } })).resolves.toEqual({ userId: user.id });
    expect((await revealApiKey({ ctx, input: { userId: user.id } })).apiKey).toBe(newKey);
  });

  it("repairs an account whose provisioning never ran", async () => {
    const ctx = makeTestContext(db);
    const user = await createTestUser(db);
    const account = await getAccount({ ctx, input: { userId: user.id } });
    expect(account.balance.freePrompts).toBe(5);
    expect(await db.select().from(userCredits).where(eq(userCredits.userId, user.id))).toHaveLength(1);
  });

  it("flags admins by e-mail, case-insensitively", async () => {
    const user = await createTestUser(db, { email: `Boss-${Date.now()}@Example.test` });
    const ctx = makeTestContext(db, { adminEmails: [user.email.toLowerCase()] });
    expect((await getAccount({ ctx, input: { userId: user.id } })).isAdmin).toBe(true);
    expect((await getAccount({ ctx: makeTestContext(db), input: { userId: user.id } })).isAdmin).toBe(false);
  });

  it("answers not_found for an unknown user", async () => {
    await expect(getAccount({ ctx: makeTestContext(db), input: { userId: "missing" } })).rejects.toMatchObject({ code: "not_found" });
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
