import { randomBytes } from "node:crypto";
import { profiles } from "@errand/db";
import { and, eq, isNull } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import { notFound } from "../errors.ts";
import { encryptSecret } from "../lib/crypto.ts";
import { openSecret } from "../lib/secrets.ts";
import { provisionAccount } from "../accounts/provision-account.ts";

/** The user's webhook signing secret, created on first use and kept encrypted. */
export async function getWebhookSecret({ ctx, input }: VerbArgs<{ userId: string }>): Promise<string> {
  const read = async () =>
    (await ctx.db.select({ sealed: profiles.webhookSecretCiphertext }).from(profiles).where(eq(profiles.id, input.userId)))[0];
  let profile = await read();
  if (!profile) {
    await provisionAccount({ ctx, input });
    profile = await read();
    if (!profile) throw notFound("Profile");
  }
  if (profile.sealed) return openSecret(ctx, profile.sealed);
  const secret = `whsec_${randomBytes(24).toString("base64url")}`;
  // Two first uses at once: only one secret is stored, and both callers read that one.
  await ctx.db
    .update(profiles)
    .set({ webhookSecretCiphertext: encryptSecret(secret, ctx.encryptionKey) })
    .where(and(eq(profiles.id, input.userId), isNull(profiles.webhookSecretCiphertext)));
  const stored = await read();
  return openSecret(ctx, stored!.sealed!);
}
