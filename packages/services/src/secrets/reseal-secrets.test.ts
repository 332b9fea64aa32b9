import { randomBytes } from "node:crypto";
import { authContexts, profiles, webhooks } from "@errand/db";
import { createTestUser, openTestDb } from "@errand/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { revealApiKey } from "../accounts/reveal-api-key.ts";
import { provisionAccount } from "../accounts/provision-account.ts";
import { keyId } from "./encryption.ts";
import { openSecret, sealSecret } from "./seal-secret.ts";
import { makeTestContext, testCaller } from "../testing.ts";
import { resealSecrets } from "./reseal-secrets.ts";

const database = openTestDb();
afterAll(() => database.close());

describe("encryption key rotation", () => {
  it("old secrets still open with the previous key, and rotate re-seals them with the new one", async () => {
    const oldCtx = makeTestContext(database.db);
    const user = await createTestUser(database.db);
    await provisionAccount({ ctx: oldCtx, input: { userId: user.id } });
    const { apiKey } = await revealApiKey({ ctx: oldCtx, caller: testCaller(user.id), input: {} });
    const [context] = await database.db
      .insert(authContexts)
      .values({
        userId: user.id,
        workspaceId: user.id,
        name: "Shop",
        urls: ["https://shop.example"],
        encryptedState: sealSecret(oldCtx, '{"cookies":[],"origins":[]}'),
      })
      .returning();
    const [webhook] = await database.db
      .insert(webhooks)
      .values({
        userId: user.id,
        workspaceId: user.id,
        url: "https://hooks.example/errand",
        events: ["run.finished"],
        secretCiphertext: sealSecret(oldCtx, "whsec_test"),
      })
      .returning();

    const newKey = randomBytes(32);
    // The new key alone cannot open what the old one sealed.
    expect(() => openSecret({ encryptionKey: newKey }, context!.encryptedState!)).toThrow(/not configured/);
    const rotating = { ...oldCtx, encryptionKey: newKey, previousEncryptionKeys: [oldCtx.encryptionKey] };
    expect((await revealApiKey({ ctx: rotating, caller: testCaller(user.id), input: {} })).apiKey).toBe(apiKey);

    const report = await resealSecrets({ ctx: rotating, input: {} });
    expect(report.apiKeys).toBeGreaterThanOrEqual(1);
    expect(report.authContexts).toBeGreaterThanOrEqual(1);
    expect(report.accountWebhookSecrets).toBeGreaterThanOrEqual(1);
    const [profile] = await database.db.select().from(profiles).where(eq(profiles.id, user.id));
    const [sealed] = await database.db.select().from(authContexts).where(eq(authContexts.id, context!.id));
    expect(profile!.apiKeyCiphertext.split(".")[1]).toBe(keyId(newKey));
    expect(sealed!.encryptedState!.split(".")[1]).toBe(keyId(newKey));

    // After rotation the new key alone is enough.
    const newOnly = { ...oldCtx, encryptionKey: newKey, previousEncryptionKeys: [] };
    expect((await revealApiKey({ ctx: newOnly, caller: testCaller(user.id), input: {} })).apiKey).toBe(apiKey);
    expect(openSecret(newOnly, sealed!.encryptedState!)).toBe('{"cookies":[],"origins":[]}');
    const [hook] = await database.db.select().from(webhooks).where(eq(webhooks.id, webhook!.id));
    expect(openSecret(newOnly, hook!.secretCiphertext)).toBe("whsec_test");
    expect((await resealSecrets({ ctx: rotating, input: {} })).authContexts).toBe(0);
  });
});
