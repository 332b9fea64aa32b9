import type { FakeModelServer, FakeResponder } from "../fake-model/types.ts";
import type { FixtureSites } from "../fixture-sites/types.ts";

export interface StartErrandServerOptions {
  /** From createIsolatedTestDb(); one database per server. */
  databaseUrl: string;
  /** "off" (the default) runs without balance checks; "on" gives each new account 5 free prompts. */
  billing?: "on" | "off";
  /** Runs the worker takes at once (default 1; 0 for an API-only server). */
  workerConcurrency?: number;
  /** The fake model's behaviour; defaults to answering "Done." at once. Change it later with `model.setResponder`. */
  responder?: FakeResponder;
  /** More environment for the server, e.g. { API_RATE_LIMIT: "5", PENDING_RUNS_PER_ACCOUNT: "1" }. */
  env?: Record<string, string>;
  /** How long to wait for "Errand is running at" (default 90 s: a busy 2-core machine). */
  startTimeoutMs?: number;
}

export interface SignedUpUser {
  email: string;
  apiKey: string;
  /** The session cookie of the sign-up, for the web app's own routes. */
  cookie: string;
}

export interface ErrandTestServer {
  /** "http://localhost:PORT", no trailing slash. */
  baseUrl: string;
  model: FakeModelServer;
  sites: FixtureSites;
  /** A fresh account (unique e-mail) and its API key. */
  signUp(): Promise<SignedUpUser>;
  /** Everything the server wrote so far (stdout and stderr). */
  output(): string;
  /** Stops the server (SIGTERM, then SIGKILL), the fake model and the fixture sites. */
  close(): Promise<void>;
}
