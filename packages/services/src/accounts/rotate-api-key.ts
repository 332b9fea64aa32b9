import { profiles } from "@errand/db";
import { eq } from "drizzle-orm";
import { requirePersonalCredentials, type CallerVerbArgs } from "../caller.ts";
import { notFound } from "../errors.ts";
import { apiKeyDisplayPrefix, generateApiKey, hashApiKey } from "./api-key.ts";
import { encryptSecret } from "../secrets/encryption.ts";
import { requireRole } from "../workspaces/roles.ts";

/** Replaces the user's API key; the old one stops working at once. */
export async function rotateApiKey({ ctx, caller }: CallerVerbArgs<Record<string, never>>): Promise<{ apiKey: string }> {
  requireRole(caller, "manage");
  requirePersonalCredentials(caller, "replace the personal API key");
  const apiKey = generateApiKey();
  const updated = await ctx.db
    .update(profiles)
    .set({
      apiKeyHash: hashApiKey(apiKey),
      apiKeyCiphertext: encryptSecret(apiKey, ctx.encryptionKey),
      apiKeyPrefix: apiKeyDisplayPrefix(apiKey),
      updatedAt: new Date(),
    })
    .where(eq(profiles.id, caller.userId))
    .returning({ id: profiles.id });
  if (updated.length === 0) throw notFound("Profile");
  return { apiKey };
}
