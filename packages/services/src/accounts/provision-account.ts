import { FREE_PROMPTS_AT_SIGNUP } from "@errand/contract";
import { profiles, userCredits } from "@errand/db";
import type { VerbArgs } from "../context.ts";
import { apiKeyDisplayPrefix, generateApiKey, hashApiKey } from "./api-key.ts";
import { encryptSecret } from "../secrets/encryption.ts";
import { ensurePersonalWorkspace } from "../workspaces/personal-workspace.ts";

/**
 * Gives a new user their personal workspace (which they own), its starting balance (5 free
 * prompts, 0 credits) and its API key, all in one transaction. Every way in calls it (sign-up
 * by password or OAuth through better-auth's hook, the CLI's local account), and the verbs that
 * read the account call it again: it is idempotent.
 */
export async function provisionAccount({ ctx, input }: VerbArgs<{ userId: string }>): Promise<void> {
  const apiKey = generateApiKey();
  await ctx.db.transaction(async (tx) => {
    await ensurePersonalWorkspace(tx, input.userId);
    // The personal workspace's id is the account's.
    const workspaceId = input.userId;
    await tx
      .insert(userCredits)
      .values({ userId: input.userId, workspaceId, credits: 0, freePrompts: FREE_PROMPTS_AT_SIGNUP })
      .onConflictDoNothing();
    await tx
      .insert(profiles)
      .values({
        id: input.userId,
        workspaceId,
        apiKeyHash: hashApiKey(apiKey),
        apiKeyCiphertext: encryptSecret(apiKey, ctx.encryptionKey),
        apiKeyPrefix: apiKeyDisplayPrefix(apiKey),
      })
      .onConflictDoNothing({ target: profiles.id });
  });
}
