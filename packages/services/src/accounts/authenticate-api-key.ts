import { profiles } from "@errand/db";
import { eq } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import { unauthorized } from "../errors.ts";
import { API_KEY_PREFIX, hashApiKey } from "../lib/api-key.ts";

/** Resolves an x-api-key header to its owner. The key itself is never stored or logged. */
export async function authenticateApiKey({ ctx, input }: VerbArgs<{ apiKey: string }>): Promise<{ userId: string }> {
  const key = input.apiKey.trim();
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) throw unauthorized("Invalid API key");
  const [profile] = await ctx.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.apiKeyHash, hashApiKey(key)))
    .limit(1);
  if (!profile) throw unauthorized("Invalid API key");
  return { userId: profile.id };
}
