import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { transactions, userCredits } from "@errand/db";
import { createTestUser, openTestDb } from "@errand/db/testing";
import { provisionAccount } from "@errand/services/accounts";
import { makeTestContext } from "@errand/services/testing";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { spawnCli } from "../testing/spawn-cli.ts";

const { db, close } = openTestDb();
afterAll(async () => close());

const env = () => ({ DATABASE_URL: inject("databaseUrl"), DATA_DIR: mkdtempSync(path.join(tmpdir(), "errand-cli-credits-")) });

describe("errand credits grant", () => {
  it("adds credits to an account and records a completed grant", async () => {
    const user = await createTestUser(db);
    await provisionAccount({ ctx: makeTestContext(db), input: { userId: user.id } });
    const cli = spawnCli(["credits", "grant", user.email.toUpperCase(), "12.5"], env());
    expect(await cli.exited, cli.output()).toBe(0);
    expect(cli.output()).toContain(`Granted $12.50 to ${user.email.toUpperCase()}. Balance: $12.50`);
    const [balance] = await db.select().from(userCredits).where(eq(userCredits.userId, user.id));
    expect(balance?.credits).toBe(125_000);
    const [grant] = await db.select().from(transactions).where(eq(transactions.userId, user.id));
    expect(grant).toMatchObject({ kind: "grant", status: "completed", amount: 1250, credits: 125_000 });
  }, 60_000);

  it("names the problem for an unknown account or a bad amount", async () => {
    const unknown = spawnCli(["credits", "grant", "nobody@example.test", "5"], env());
    expect(await unknown.exited).toBe(1);
    expect(unknown.output()).toContain("Account nobody@example.test not found");
    const bad = spawnCli(["credits", "grant", "a@example.test", "five"], env());
    expect(await bad.exited).toBe(2);
    expect(bad.output()).toContain("Usage: errand credits grant <email> <dollars>");
  }, 60_000);
});
