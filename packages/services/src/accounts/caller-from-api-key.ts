import { profiles, users } from "@errand/db";
import { eq } from "drizzle-orm";
import { ALL_SCOPES, isAdminEmail, type Caller } from "../caller.ts";
import type { VerbArgs } from "../context.ts";
import { unauthorized } from "../errors.ts";
import { API_KEY_PREFIX, hashApiKey } from "./api-key.ts";

/** Resolves an x-api-key header to the caller, in one query. The key itself is never stored or logged. */
export async function callerFromApiKey({ ctx, input }: VerbArgs<{ apiKey: string }>): Promise<Caller> {
  const key = input.apiKey.trim();
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) throw unauthorized("Invalid API key");
  const [owner] = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(profiles.apiKeyHash, hashApiKey(key)))
    .limit(1);
  if (!owner) throw unauthorized("Invalid API key");
  return { userId: owner.id, isAdmin: isAdminEmail(ctx, owner.email), via: "api-key", scopes: ALL_SCOPES };
}
