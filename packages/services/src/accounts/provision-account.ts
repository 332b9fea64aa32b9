import { FREE_PROMPTS_AT_SIGNUP } from "@errand/contract";
import { profiles, userCredits } from "@errand/db";
import type { VerbArgs } from "../context.ts";
import { apiKeyDisplayPrefix, generateApiKey, hashApiKey } from "./api-key.ts";
import { encryptSecret } from "../secrets/encryption.ts";

/**
 * Gives a new user their starting balance (5 free prompts, 0 credits) and an API key.
 * Idempotent: safe to call again for a user who already has them.
 */
export async function provisionAccount({ ctx, input }: VerbArgs<{ userId: string }>): Promise<void> {
  const apiKey = generateApiKey();
  await ctx.db.transaction(async (tx) => {
    await tx.insert(userCredits).values({ userId: input.userId, credits: 0, freePrompts: FREE_PROMPTS_AT_SIGNUP }).onConflictDoNothing();
    await tx
      .insert(profiles)
      .values({
        id: input.userId,
        apiKeyHash: hashApiKey(apiKey),
        apiKeyCiphertext: encryptSecret(apiKey, ctx.encryptionKey),
        apiKeyPrefix: apiKeyDisplayPrefix(apiKey),
      })
      .onConflictDoNothing({ target: profiles.id });
  });
}
