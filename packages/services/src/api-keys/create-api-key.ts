import { createApiKeySchema, MAX_API_KEYS_PER_WORKSPACE, type CreateApiKey, type CreatedApiKey } from "@errand/contract";
import { apiKeys, users } from "@errand/db";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import { apiKeyDisplayPrefix, generateApiKey, hashApiKey } from "../accounts/api-key.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { CallerVerbArgs } from "../caller.ts";
import { conflict, notFound } from "../errors.ts";
import { parseOrThrow } from "../parse-or-throw.ts";
import { requireRole } from "../workspaces/roles.ts";
import { apiKeyToApi } from "./to-api.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Makes a named key of the caller's workspace that acts as the caller, narrowed to its scopes
 * (docs/adr/0035-named-api-keys-with-scopes.md). The secret is answered here and nowhere else:
 * only its SHA-256 is kept.
 */
export async function createApiKey({ ctx, caller, input }: CallerVerbArgs<unknown>): Promise<CreatedApiKey> {
  requireRole(caller, "manage");
  const body = parseOrThrow(createApiKeySchema, input);
  const secret = generateApiKey();
  const row = await ctx.db.transaction(async (tx) => {
    // Creates in one workspace take turns, so two at once cannot pass the limit together.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('errand.api_keys'), hashtext(${caller.workspaceId}))`);
    const [{ kept }] = (await tx
      .select({ kept: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.workspaceId, caller.workspaceId), isNull(apiKeys.revokedAt)))) as [{ kept: number }];
    if (kept >= MAX_API_KEYS_PER_WORKSPACE)
      throw conflict(`A workspace can keep at most ${MAX_API_KEYS_PER_WORKSPACE} API keys: revoke one you no longer use first.`);
    const [made] = await tx
      .insert(apiKeys)
      .values({
        workspaceId: caller.workspaceId,
        userId: caller.userId,
        name: body.name,
        scopes: body.scopes,
        hash: hashApiKey(secret),
        prefix: apiKeyDisplayPrefix(secret),
        expiresAt: expiryOf(body),
      })
      .returning();
    await recordAudit(tx, caller, {
      action: "api_key.created",
      target: { type: "api_key", id: made!.id, label: made!.name },
      details: { scopes: made!.scopes, expires_at: made!.expiresAt?.toISOString() ?? null },
    });
    return made!;
  });
  const [creator] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, caller.userId));
  if (!creator) throw notFound("Account");
  ctx.log.info("API key made", { userId: caller.userId, workspaceId: caller.workspaceId, keyId: row.id, scopes: row.scopes });
  return { ...apiKeyToApi(row, creator), secret };
}

function expiryOf(body: CreateApiKey): Date | null {
  if (body.expires_at !== undefined) return new Date(body.expires_at);
  if (body.expires_in_days !== undefined) return new Date(Date.now() + body.expires_in_days * DAY_MS);
  return null;
}
