import { randomUUID } from "node:crypto";
import type { LiveEndReason, StickyProxy } from "@errand/contract";
import { ServiceError } from "../errors.ts";
import type { Logger } from "../logging/logger.ts";
import type { ProxySettings } from "../proxies/proxy-settings.ts";
import type { LiveAnnouncer } from "./live-announcer.ts";
import type { LiveTarget, SavedState } from "./live-types.ts";

/** A browser context opened for a person, shown through the live viewer. */
export interface OpenedBrowser {
  live: LiveTarget;
  /** Its cookies and local storage, all sites. */
  state(): Promise<SavedState>;
  close(): Promise<void>;
}

/**
 * Opens a context on `url` (refusing addresses the network rule forbids), starting from `state`
 * when given (logging in again to a saved login); `onActivity` is called on each input. `proxy`:
 * the pool proxy the login goes through; left out, the server's default (PROXY_URL) or none.
 */
export type OpenLiveBrowser = (input: {
  url: string;
  onActivity: () => void;
  state?: SavedState;
  proxy?: ProxySettings;
}) => Promise<OpenedBrowser>;

/** The proxy a login session goes through, and what the saved login keeps of it (null: the default). */
export interface LiveSessionProxy {
  settings: ProxySettings;
  sticky: StickyProxy;
}

export interface LiveSessionLimits {
  idleMs: number;
  maxMs: number;
  perUser: number;
}

export interface LiveSession {
  id: string;
  userId: string;
  urls: string[];
  createdAt: Date;
  expiresAt: Date;
  browser: OpenedBrowser;
  /** The saved login this session logs in to again (its state was loaded); unset for a new one. */
  authContextId?: string;
  /** The pool proxy it goes through, kept by the login saved from it; null: the default. */
  proxy: StickyProxy | null;
}

/** A session opened to log in again to a saved login: its state, and which one it is. */
export interface RelogInOptions {
  state: SavedState;
  authContextId: string;
}

export interface LiveSessions {
  readonly limits: LiveSessionLimits;
  open(userId: string, urls: string[], relogIn?: RelogInOptions, proxy?: LiveSessionProxy): Promise<LiveSession>;
  get(id: string): LiveSession | undefined;
  /** Ends the session: viewers are told why, the context is closed. False when it was not open. */
  close(id: string, reason: LiveEndReason, message?: string): Promise<boolean>;
  closeAll(): Promise<void>;
  count(): number;
}

const minutes = (ms: number) => `${Math.round(ms / 60_000)} minute${Math.round(ms / 60_000) === 1 ? "" : "s"}`;

/**
 * The login sessions open in this process. They live in memory with their browser contexts,
 * so a restart ends them all (the browser goes with the process). Each closes after `idleMs`
 * without input and after `maxMs` in any case; a user has at most `perUser` open at once (in this
 * process). `announcer`: records each in live_endpoints while open, for other processes.
 */
export function createLiveSessions(deps: {
  open: OpenLiveBrowser;
  limits: LiveSessionLimits;
  log: Logger;
  announcer?: LiveAnnouncer;
}): LiveSessions {
  const { limits } = deps;
  const sessions = new Map<string, LiveSession & { timers: NodeJS.Timeout[] }>();
  /** Sessions being opened, per user: they count towards the limit before they exist. */
  const opening = new Map<string, number>();

  const endMessage = (reason: LiveEndReason) =>
    reason === "idle"
      ? `This browsing session was closed after ${minutes(limits.idleMs)} without activity.`
      : reason === "expired"
        ? `This browsing session reached its time limit of ${minutes(limits.maxMs)}.`
        : reason === "saved"
          ? "Your login was saved. This browsing session is closed."
          : "This browsing session was closed.";

  async function close(id: string, reason: LiveEndReason, message?: string) {
    const session = sessions.get(id);
    if (!session) return false;
    sessions.delete(id);
    deps.announcer?.closed({ kind: "session", id });
    for (const t of session.timers) clearTimeout(t);
    session.browser.live.end(reason, message ?? endMessage(reason));
    await session.browser.close().catch((error: Error) => deps.log.warn("closing a login session failed", { error }));
    return true;
  }

  return {
    limits,
    async open(userId, urls, relogIn, proxy) {
      const held = [...sessions.values()].filter((s) => s.userId === userId).length + (opening.get(userId) ?? 0);
      if (held >= limits.perUser) {
        throw new ServiceError(
          "rate_limited",
          `You already have ${held} browsing session${held === 1 ? "" : "s"} open, the most allowed at once. Finish or close one and try again.`,
        );
      }
      opening.set(userId, (opening.get(userId) ?? 0) + 1);
      const id = randomUUID();
      let idle: NodeJS.Timeout | undefined;
      const arm = () => {
        if (idle) clearTimeout(idle);
        idle = setTimeout(() => void close(id, "idle"), limits.idleMs);
        idle.unref();
        const s = sessions.get(id);
        if (s) s.timers[0] = idle;
      };
      try {
        const browser = await deps.open({ url: urls[0]!, onActivity: arm, state: relogIn?.state, proxy: proxy?.settings });
        const createdAt = new Date();
        const lifetime = setTimeout(() => void close(id, "expired"), limits.maxMs);
        lifetime.unref();
        arm();
        const session = {
          id,
          userId,
          urls,
          createdAt,
          expiresAt: new Date(createdAt.getTime() + limits.maxMs),
          browser,
          authContextId: relogIn?.authContextId,
          proxy: proxy?.sticky ?? null,
          timers: [idle!, lifetime],
        };
        sessions.set(id, session);
        await deps.announcer?.opened({ kind: "session", id, userId, expiresAt: session.expiresAt });
        return session;
      } finally {
        opening.set(userId, (opening.get(userId) ?? 1) - 1);
      }
    },
    get: (id) => sessions.get(id),
    close,
    async closeAll() {
      await Promise.all(
        [...sessions.keys()].map((id) => close(id, "closed", "The server is restarting: this browsing session was closed.")),
      );
    },
    count: () => sessions.size,
  };
}
