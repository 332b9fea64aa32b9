/**
 * API-key callers this process resolved in the last second, by key hash
 * (docs/adr/0055-api-reads-at-one-query.md). A busy key then costs no query per request; a
 * revoke, a rotation, a role change or a removal made in this process clears it at once, and
 * one made in another process is seen here within `ttlMs`. Only good answers are kept: an
 * unknown key is looked up every time. It holds callers as `unknown`: the service context holds
 * it, and the Caller type's module imports the context's (no import circle).
 */
export class CallerCache {
  private readonly entries = new Map<string, { caller: unknown; until: number }>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}) {
    this.ttlMs = options.ttlMs ?? 1_000;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  get(hash: string): unknown {
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry.caller;
    this.entries.delete(hash);
    return undefined;
  }

  /** Keeps `caller` for the time to live, or until the key expires if that comes first. */
  set(hash: string, caller: unknown, keyExpiresAt: Date | null = null): void {
    const until = Math.min(this.now() + this.ttlMs, keyExpiresAt?.getTime() ?? Number.POSITIVE_INFINITY);
    // Map keeps insertion order: the oldest entry goes first when full.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(hash, { caller, until });
  }

  clear(): void {
    this.entries.clear();
  }
}

/** After a change to who a key acts as, where or with which role: no cached caller survives it here. */
export function forgetCachedCallers(ctx: { callerCache?: CallerCache }): void {
  ctx.callerCache?.clear();
}
