import { profiles } from "@errand/db";
import { eq } from "drizzle-orm";
import { requirePersonalCredentials, requireScope, type CallerVerbArgs } from "../caller.ts";
import { notFound } from "../errors.ts";
import { forgetCachedCallers } from "./caller-cache.ts";
import { apiKeyDisplayPrefix, generateApiKey, hashApiKey } from "./api-key.ts";
import { encryptSecret } from "../secrets/encryption.ts";

/**
 * Replaces the user's personal API key; the old one stops working at once. The key is the
 * person's own, whatever workspace their session shows and whatever their role there
 * (docs/adr/0035-named-api-keys-with-scopes.md): only the manage scope is asked, which a
 * session and the personal key have.
 */
export async function rotateApiKey({ ctx, caller }: CallerVerbArgs<Record<string, never>>): Promise<{ apiKey: string }> {
  requireScope(caller, "manage");
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
  forgetCachedCallers(ctx);
  return { apiKey };
}
