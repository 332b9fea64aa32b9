import { profiles } from "@errand/db";
import { eq } from "drizzle-orm";
import { requirePersonalCredentials, requireScope, type CallerVerbArgs } from "../caller.ts";
import { notFound } from "../errors.ts";
import { openSecret } from "../secrets/seal-secret.ts";
import { provisionAccount } from "./provision-account.ts";

/** The owner's API key in clear, for the API keys page. */
export async function revealApiKey({ ctx, caller }: CallerVerbArgs<Record<string, never>>): Promise<{ apiKey: string }> {
  requireScope(caller, "read");
  requirePersonalCredentials(caller, "reveal the personal API key");
  const find = () => ctx.db.select().from(profiles).where(eq(profiles.id, caller.userId)).limit(1);
  let [profile] = await find();
  if (!profile) {
    await provisionAccount({ ctx, input: { userId: caller.userId } });
    [profile] = await find();
  }
  if (!profile) throw notFound("Profile");
  return { apiKey: openSecret(ctx, profile.apiKeyCiphertext) };
}
