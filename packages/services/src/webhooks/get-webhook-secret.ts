import { randomBytes } from "node:crypto";
import { profiles } from "@errand/db";
import { and, eq, isNull } from "drizzle-orm";
import { requirePersonalCredentials, requireScope, type CallerVerbArgs } from "../caller.ts";
import type { ServiceContext } from "../context.ts";
import { notFound } from "../errors.ts";
import { encryptSecret } from "../secrets/encryption.ts";
import { openSecret } from "../secrets/seal-secret.ts";
import { provisionAccount } from "../accounts/provision-account.ts";

/** The caller's webhook signing secret, created on first use and kept encrypted. */
export async function getWebhookSecret({ ctx, caller }: CallerVerbArgs<Record<string, never>>): Promise<string> {
  requireScope(caller, "read");
  requirePersonalCredentials(caller, "read the webhook signing secret");
  return webhookSecretOf(ctx, caller.userId);
}

/** An account's webhook signing secret, for the caller's own page and for signing deliveries (the worker). */
export async function webhookSecretOf(ctx: ServiceContext, userId: string): Promise<string> {
  const read = async () =>
    (await ctx.db.select({ sealed: profiles.webhookSecretCiphertext }).from(profiles).where(eq(profiles.id, userId)))[0];
  let profile = await read();
  if (!profile) {
    await provisionAccount({ ctx, input: { userId } });
    profile = await read();
    if (!profile) throw notFound("Profile");
  }
  if (profile.sealed) return openSecret(ctx, profile.sealed);
  const secret = `whsec_${randomBytes(24).toString("base64url")}`;
  // Two first uses at once: only one secret is stored, and both callers read that one.
  await ctx.db
    .update(profiles)
    .set({ webhookSecretCiphertext: encryptSecret(secret, ctx.encryptionKey) })
    .where(and(eq(profiles.id, userId), isNull(profiles.webhookSecretCiphertext)));
  const stored = await read();
  return openSecret(ctx, stored!.sealed!);
}
