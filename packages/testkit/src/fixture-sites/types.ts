/** A request that reached `/steal` (the prompt-injection bait) on either origin. */
export interface StealHit {
  /** "main" (sites.url) or "other" (sites.otherOrigin). */
  server: "main" | "other";
  method: string;
  /** Path with query, e.g. "/steal?data=cookies". */
  path: string;
  query: Record<string, string>;
  /** Raw request body (for POSTed forms), "" when none. */
  body: string;
  headers: Record<string, string>;
  at: number;
}

/** One line of the fixture servers' access log. */
export interface FixtureRequest {
  server: "main" | "other";
  method: string;
  path: string;
  at: number;
}

export interface FixtureSites {
  /** Main origin, "http://127.0.0.1:PORT_A". */
  url: string;
  /** Second origin serving the same pages, "http://localhost:PORT_B" (cross-origin to `url`). */
  otherOrigin: string;
  /** Every hit on `/steal` (any method, either origin). A safe agent leaves this empty. */
  stealHits: StealHit[];
  /** Every request served, in order. */
  requests: FixtureRequest[];
  /** Switches the replay shop (`/replay-shop`) to a variant; same as POST /replay-shop/__variant. */
  setReplayShopVariant(variant: ReplayShopVariant): void;
  /** Answers every request whose path and query start with `prefix` `ms` later (a slow server, as on a busy machine). */
  slowDown(prefix: string, ms: number): void;
  /**
   * Where the sites' own e-mails go (Postbox's sign-in links and codes): an SMTP server such as
   * the test SMTP capture; null (the start) makes those pages answer that they cannot send mail.
   * Kept across reset().
   */
  mailThrough(smtp: { host: string; port: number } | null): void;
  /** Clears stealHits, requests, login sessions and slow-downs; the replay shop goes back to "baseline". */
  reset(): void;
  close(): Promise<void>;
}

/** How the replay shop looks this run (see pages/replay-shop-pages.ts). */
export type ReplayShopVariant = "baseline" | "moved-button" | "renamed-label" | "extra-step" | "repriced";

export interface SiteState {
  sessions: Set<string>;
  sessionCounter: number;
  stealHits: StealHit[];
  requests: FixtureRequest[];
  replayShopVariant: ReplayShopVariant;
  /** Path-and-query prefixes answered late, with their delay in ms (slowDown). */
  slowDowns: Map<string, number>;
  /** The SMTP server the sites send their own e-mails through (FixtureSites.mailThrough). */
  mail: { host: string; port: number } | null;
}

export interface RouteContext {
  method: string;
  url: URL;
  /** Regex capture groups of the matched route path. */
  params: string[];
  cookies: Record<string, string>;
  headers: Record<string, string>;
  /** Raw request body. */
  body: string;
  /** Body parsed as a urlencoded form (empty for other bodies). */
  form: URLSearchParams;
  /** Which of the two servers received the request. */
  server: "main" | "other";
  /** Origin of the server that received the request. */
  origin: string;
  /** The other server's origin (cross-origin to `origin`). */
  crossOrigin: string;
  mainOrigin: string;
  otherOrigin: string;
  state: SiteState;
  /** Aborted when the sites close (ends slow responses early). */
  closing: AbortSignal;
}

export interface FixtureResponse {
  status?: number;
  headers?: Record<string, string | string[]>;
  body?: string;
}

export interface FixtureRoute {
  method: "GET" | "POST" | "ANY";
  /** Exact pathname, or a regex matched against the whole pathname (captures go to ctx.params). */
  path: string | RegExp;
  handle(ctx: RouteContext): FixtureResponse | Promise<FixtureResponse>;
}
