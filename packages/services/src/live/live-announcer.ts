import type { Db } from "@errand/db";
import type { Logger } from "../logging/logger.ts";
import type { LiveKind } from "./internal-credential.ts";
import { recordLiveEndpoint, removeLiveEndpoint, removeLiveEndpointsAt } from "./live-endpoints.ts";

/** How the registries tell other processes where their browsers are (ADR 0013). */
export interface LiveAnnouncer {
  /** Resolves once recorded (or the write failed and was logged): a session's link is answered after it. */
  opened(target: { kind: LiveKind; id: string; userId: string | null; expiresAt: Date }): Promise<void>;
  closed(target: { kind: LiveKind; id: string }): void;
}

/** This process's side of the relay: the key of internal credentials, and its endpoint once it listens. */
export interface LiveRelay {
  /** HMAC key of internal credentials (internalLiveKey(AUTH_SECRET)). */
  key: Buffer;
  /** The internal endpoint's advertised address; unset until it listens (its browsers are then not advertised). */
  address?: string;
}

/**
 * Records each browser of this process in live_endpoints while it is open. The registries call
 * it synchronously; the writes for one target run in order (a quick open and close never
 * leaves a row behind), and failures are logged: the browser stays usable from this process.
 */
export function createLiveAnnouncer(deps: { db: Db; log: Logger; relay: LiveRelay }): LiveAnnouncer & {
  /** Waits for the writes under way. */
  flush(): Promise<void>;
  /** Removes every row naming this process (it is stopping). */
  withdrawAll(): Promise<void>;
} {
  const chains = new Map<string, Promise<void>>();
  const enqueue = (key: string, write: () => Promise<void>) => {
    const next = (chains.get(key) ?? Promise.resolve())
      .then(write)
      .catch((error: Error) => deps.log.warn("recording where a live browser is failed", { error }))
      .finally(() => {
        if (chains.get(key) === next) chains.delete(key);
      });
    chains.set(key, next);
    return next;
  };
  return {
    opened(target) {
      const address = deps.relay.address;
      if (!address) return Promise.resolve();
      return enqueue(`${target.kind}:${target.id}`, () => recordLiveEndpoint(deps.db, { ...target, address }));
    },
    closed(target) {
      const address = deps.relay.address;
      if (!address) return;
      void enqueue(`${target.kind}:${target.id}`, () => removeLiveEndpoint(deps.db, { ...target, address }));
    },
    async flush() {
      await Promise.all([...chains.values()]);
    },
    async withdrawAll() {
      await Promise.all([...chains.values()]);
      if (deps.relay.address) await removeLiveEndpointsAt(deps.db, deps.relay.address);
    },
  };
}
