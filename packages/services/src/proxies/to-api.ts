import type { ProxyPool, StickyProxy, SavedLoginProxy } from "@errand/contract";
import type { proxyEntries, proxyPools } from "@errand/db";
import type { ServiceContext } from "../context.ts";
import { openSecret } from "../secrets/seal-secret.ts";

type PoolRow = typeof proxyPools.$inferSelect;
type EntryRow = typeof proxyEntries.$inferSelect;

export const entryServer = (entry: Pick<EntryRow, "scheme" | "host" | "port">) =>
  `${entry.scheme}://${entry.host.includes(":") ? `[${entry.host}]` : entry.host}:${entry.port}`;

/** Which placeholders the sealed username holds (opened only to tell; the value never leaves). */
function placeholdersOf(ctx: Pick<ServiceContext, "encryptionKey" | "previousEncryptionKeys">, entry: EntryRow): ("session" | "country")[] {
  if (!entry.usernameCiphertext) return [];
  try {
    const username = openSecret(ctx, entry.usernameCiphertext);
    return (["session", "country"] as const).filter((p) => username.includes(`{${p}}`));
  } catch {
    return []; // sealed with a key no longer configured: the pool still lists
  }
}

/** What the API shows of a pool: addresses and countries, never credentials. */
export function proxyPoolToApi(
  ctx: Pick<ServiceContext, "encryptionKey" | "previousEncryptionKeys">,
  pool: PoolRow,
  entries: EntryRow[],
): ProxyPool {
  const sorted = [...entries].sort((a, b) => a.position - b.position);
  return {
    id: pool.id,
    name: pool.name,
    rotation: pool.rotation,
    entries: sorted.map((e) => ({
      id: e.id,
      server: entryServer(e),
      country: e.country,
      has_credentials: e.usernameCiphertext !== null,
      uses_placeholders: placeholdersOf(ctx, e),
    })),
    countries: [...new Set(sorted.map((e) => e.country).filter((c): c is string => c !== null))].sort(),
    created_at: pool.createdAt.toISOString(),
    updated_at: pool.updatedAt.toISOString(),
  };
}

/** A saved login's proxy as the API shows it (no session id). */
export const savedLoginProxyToApi = (sticky: StickyProxy | null): SavedLoginProxy | null =>
  sticky ? { pool: sticky.pool, country: sticky.country, server: sticky.server } : null;
