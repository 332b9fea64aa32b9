import type { CallerCache } from "@errand/services/accounts";
import { randomInt } from "node:crypto";
import { openTestDb, type TestDatabase } from "@errand/db/testing";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createAuth, type OAuthProviders } from "@errand/services/auth";
import { createLocalFileStorage, type FileStorage } from "@errand/services/storage";
import { createRunEventListener } from "@errand/services/events";
import type { Metrics } from "@errand/services/metrics";
import type { RunQueue } from "@errand/services/queue";
import type { ServiceContext } from "@errand/services";
import { makeTestContext } from "@errand/services/testing";
import { DEFAULT_PENDING_RUNS_PER_ACCOUNT } from "@errand/contract";
import { createApp } from "../app.ts";

// The sign-up limits are kept in the database every test file shares: an address must not come
// back in another file, in this process (files run one after another without isolation) or in
// another (a counter from the pid met again whenever two pids agreed modulo 250).
const usedIps = new Set<string>();
function freshIp(): string {
  for (;;) {
    const n = randomInt(1, 2 ** 24);
    const ip = `10.${n >> 16}.${(n >> 8) & 255}.${n & 255}`;
    if (!usedIps.has(ip)) {
      usedIps.add(ip);
      return ip;
    }
  }
}

export const TEST_BASE_URL = "http://localhost:3000";

export interface TestAppOptions {
  adminEmails?: string[];
  queue?: RunQueue;
  apiRateLimit?: number;
  webDir?: string;
  baseUrl?: string;
  billingEnabled?: boolean;
  pendingRunsPerAccount?: number;
  parts?: Partial<Pick<ServiceContext, "mailer" | "stripe">>;
  /** Where the app's log lines go (default: nowhere). */
  log?: ServiceContext["log"];
  oauth?: OAuthProviders;
  /** Where files go (default: a local folder). */
  storage?: FileStorage;
  /** The database to use (the appTest fixture passes the file's); it stays open when the app closes. Default: a pool on the shared test database, closed with the app. */
  database?: TestDatabase;
  /** This app's metrics (ctx.metrics) and the token that opens /metrics. */
  metrics?: Metrics;
  /** The app's API-key caller cache (a test's clock); a fresh one otherwise. */
  callerCache?: CallerCache;
  metricsToken?: string;
}

/** The app, its context and its helpers, as createTestApp and the `app` fixture give them. */
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The real app on the test database, called in-process with `request()` (Hono's app.request).
 * Callers set X-Forwarded-For (trusted here) to act as distinct clients for rate limits.
 */
export async function createTestApp(options: TestAppOptions = {}) {
  const own = options.database ? undefined : openTestDb();
  const database = options.database ?? own!;
  const baseUrl = options.baseUrl ?? TEST_BASE_URL;
  const ctx = makeTestContext(
    database.db,
    {
      baseUrl,
      adminEmails: options.adminEmails ?? [],
      billingEnabled: options.billingEnabled ?? true,
      pendingRunsPerAccount: options.pendingRunsPerAccount ?? DEFAULT_PENDING_RUNS_PER_ACCOUNT,
    },
    options.queue,
    options.parts,
  );
  if (options.log) ctx.log = options.log;
  if (options.metrics) ctx.metrics = options.metrics;
  if (options.callerCache) ctx.callerCache = options.callerCache;
  const auth = createAuth(ctx, { secret: "test-secret-test-secret-test-secret-0123", oauth: options.oauth });
  const events = await createRunEventListener(database.url, ctx.log);
  const storage =
    options.storage ??
    createLocalFileStorage({
      root: mkdtempSync(path.join(tmpdir(), "errand-files-")),
      baseUrl: TEST_BASE_URL,
      secret: Buffer.from("test-file-secret-test-file-secret"),
    });
  const app = createApp({
    ctx,
    auth,
    database,
    baseUrl,
    trustProxy: 1,
    events,
    storage,
    apiRateLimit: options.apiRateLimit,
    webDir: options.webDir,
    providers: { google: Boolean(options.oauth?.google), github: Boolean(options.oauth?.github) },
    metricsToken: options.metricsToken,
  });
  return {
    /** The Hono app itself. */
    app,
    /** Calls the app in-process (Hono's app.request). */
    request: app.request,
    /** Calls the app in-process with these headers (a caller's) and, when given, this body as JSON. */
    send: (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
      app.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
    ctx,
    storage,
    close: async () => {
      await events.close();
      await own?.close();
    },
    /** A client address no other test uses. */
    freshIp,
    /** Signs up a new account through the API: its id, session cookie and API-key headers. */
    async newCaller(email = uniqueEmail()) {
      const res = await app.request("/api/auth/sign-up/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin: baseUrl, "x-forwarded-for": freshIp() },
        body: JSON.stringify({ email, password: "secret1" }),
      });
      if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
      const cookie = cookiesFrom(res);
      const userId = (await json(res)).user.id as string;
      const { api_key } = await json(await app.request("/api/v1/account/api-key", { headers: { cookie } }));
      return { userId, email, cookie, headers: { "x-api-key": api_key as string, "content-type": "application/json" } };
    },
  };
}

/** Reads the session cookie(s) from a response, ready to send back. */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

export function uniqueEmail(tag = "user") {
  return `${tag}-${crypto.randomUUID()}@example.test`;
}

/** A response body for assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const json = async (res: Response): Promise<any> => res.json();
