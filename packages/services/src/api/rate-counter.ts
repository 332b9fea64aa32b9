import type { ServiceContext } from "../context.ts";
import { addToRateWindow, rateLimitState, windowStartOf, type RateLimitState } from "./consume-rate-limit.ts";

const WINDOW_MS = 60_000;
/** The most requests one write takes for a process. */
const MAX_BLOCK = 100;
/** Keys remembered before the ones of past windows are dropped. */
const MAX_KEYS = 10_000;

interface KeyWindow {
  start: number;
  /** The window's count in Postgres after this process's last write (blocks taken, everyone's). */
  shared: number;
  /** Requests this process took from Postgres and has not admitted yet. */
  unused: number;
  /** The block being taken, which requests arriving meanwhile wait for. */
  taking?: Promise<void>;
}

export interface RateCounter {
  /** Counts one request of `key` against `limit` per minute. */
  consume(input: { key: string; limit: number; now?: number }): Promise<RateLimitState>;
}

/**
 * The public API's per-key limit without a database write per request
 * (docs/adr/0055-api-reads-at-one-query.md). A process takes requests from the key's shared row
 * in Postgres in blocks (a tenth of what is left, at most 100; one at a time near the limit) and
 * admits them from its block without writing. Every admitted request was counted in Postgres
 * first, so all processes together never pass the limit; a block a process has not used up when
 * the window ends is lost, so near the limit they may admit fewer, by less than a block each.
 * Once the shared count reaches the limit, the rest of the window is refused without a write.
 */
export function createRateCounter(ctx: ServiceContext): RateCounter {
  const windows = new Map<string, KeyWindow>();

  async function takeBlock(key: string, window: KeyWindow, limit: number): Promise<void> {
    const size = Math.max(1, Math.min(MAX_BLOCK, Math.floor((limit - window.shared) / 10)));
    const count = await addToRateWindow(ctx, key, window.start, size);
    // Past the limit, only the part of the block under it may be used.
    window.unused += Math.max(0, size - Math.max(0, count - limit));
    window.shared = Math.max(window.shared, count);
  }

  function windowOf(key: string, start: number): KeyWindow {
    const known = windows.get(key);
    if (known && known.start === start) return known;
    if (windows.size >= MAX_KEYS) {
      for (const [k, w] of windows) if (w.start < start) windows.delete(k);
    }
    const window: KeyWindow = { start, shared: 0, unused: 0 };
    windows.set(key, window);
    return window;
  }

  return {
    async consume({ key, limit, now = Date.now() }) {
      const window = windowOf(key, windowStartOf(now, WINDOW_MS));
      while (window.unused === 0 && window.shared < limit) {
        if (!window.taking) {
          window.taking = takeBlock(key, window, limit).finally(() => {
            window.taking = undefined;
          });
        }
        await window.taking;
      }
      const allowed = window.unused > 0;
      if (allowed) window.unused -= 1;
      // Requests counted everywhere, as far as this process knows: the blocks taken, less its own unused ones.
      const used = allowed ? window.shared - window.unused : limit + 1;
      return rateLimitState(used, limit, window.start, WINDOW_MS, now);
    },
  };
}
