import type { LiveRelay } from "./live-announcer.ts";
import type { LiveRuns } from "./live-runs.ts";
import type { LiveSessions } from "./live-sessions.ts";

/** The live browsers of this process: login sessions, running runs, and how viewer links are signed. */
export interface LiveServices {
  sessions: LiveSessions;
  runs: LiveRuns;
  /** HMAC key of viewer tokens. */
  tokenKey: Buffer;
  /** How long a viewer link can be opened. */
  tokenTtlMs: number;
  /** Reaching the browsers other processes hold, and offering this one's (ADR 0013); unset: this process only. */
  relay?: LiveRelay;
}
