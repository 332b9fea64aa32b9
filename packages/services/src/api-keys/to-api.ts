import type { NamedApiKey } from "@errand/contract";
import type { apiKeys } from "@errand/db";

/** A key as the API shows it: never its secret nor its hash. */
export function apiKeyToApi(row: typeof apiKeys.$inferSelect, createdBy: { email: string }): NamedApiKey {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    prefix: row.prefix,
    created_by: { user_id: row.userId, email: createdBy.email },
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    last_used_ip: row.lastUsedIp,
  };
}
