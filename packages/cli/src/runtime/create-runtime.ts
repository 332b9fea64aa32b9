import { createHmac } from "node:crypto";
import path from "node:path";
import type { BrowserManager, BrowserManagerOptions } from "@errand/agent";
import { resolveSecrets, type Config, type Secrets } from "@errand/config";
import { createDb, isDatabaseUnavailable, type Database } from "@errand/db";
import { createLocalFileStorage, createS3FileStorage, type FileStorage } from "@errand/services/storage";
import { createLogger, createPostgresLogFilter, type Logger } from "@errand/services/logging";
import { CallerCache } from "@errand/services/accounts";
import { createMailer } from "@errand/services/mail";
import { createMetrics } from "@errand/services/metrics";
import { parseOtlpHeaders, startTracing } from "@errand/services/tracing";
import { createPgBossRunQueue, startQueue } from "@errand/services/queue";
import {
  createLiveAnnouncer,
  createLiveRuns,
  createLiveSessions,
  internalLiveKey,
  viewerTokenKey,
  type LiveRelay,
  type LiveServices,
  type OpenLiveBrowser,
} from "@errand/services/live";
import { createRunEventListener, type RunEventListener } from "@errand/services/events";
import { failStaleRuns } from "@errand/services/runs";
import type { ServiceContext } from "@errand/services";
import type { RunningWorker } from "@errand/worker";
import { PgBoss } from "pg-boss";
import { LIVE_SESSION_DEFAULTS } from "@errand/contract";

/** Everything a process of Errand shares: built once, passed to the server and the worker. */
export interface Runtime {
  config: Config;
  secrets: Secrets;
  log: Logger;
  database: Database;
  boss: PgBoss;
  ctx: ServiceContext;
  events: RunEventListener;
  storage: FileStorage;
  browsers: BrowserManager;
  /** Starts executing runs in this process. */
  /** `schedules: false` for one-off commands (`errand run`): they must not start the account's scheduled runs. */
  /**
   * `network`: the agent's address policy instead of ALLOW_PRIVATE_NETWORK's (benches with fixture
   * sites on loopback allow their host, as the worker's tests do, or every address).
   */
  startWorker(
    concurrency: number,
    opts?: { schedules?: boolean; network?: { allowPrivate?: boolean; allowHosts?: string[] } },
  ): Promise<RunningWorker>;
  /** Serves this process's live browsers to the other processes (ADR 0013); answers its advertised address. */
  startLiveEndpoint(): Promise<string>;
  close(): Promise<void>;
}

export async function createRuntime(
  config: Config,
  overrides: { billingEnabled?: boolean; logLevel?: Config["logLevel"] } = {},
): Promise<Runtime> {
  const log = createLogger(overrides.logLevel ?? config.logLevel, undefined, config.logFormat);
  // Before the queue and the server start, so their spans are exported too; nothing at all without an endpoint.
  const tracing = startTracing({ ...config.tracing, headers: parseOtlpHeaders(config.tracing.headers) });
  const secrets = await resolveSecrets(config, (m) => log.warn(m));
  // Before anything starts: a bucket that cannot be used stops the process with the reason.
  const storage = await openFileStorage(config, secrets);
  if (config.s3) log.info(`Files in the S3 bucket "${config.s3.bucket}"`);
  const database = await openDatabase(config, log);
  const boss = await startBoss(database, log);
  // This process's metrics (/metrics): built first, the login browsers count their contexts in it.
  const metrics = createMetrics();
  const browsers = lazyBrowserManager({ browserPath: config.browserPath, cdpUrl: config.browserCdpUrl, log: (m) => log.debug(m) });
  const { live, relay, announcer } = liveServices(config, secrets, { database, browsers, metrics, log });
  const stripe = config.stripe ? await stripeOf(config.stripe) : undefined;
  const ctx = serviceContext(config, overrides, secrets, { database, boss, live, metrics, stripe, log });
  const events = await createRunEventListener(database.url, log);
  const sweep = sweepStaleRuns(ctx, config);

  const workers: RunningWorker[] = [];
  let closeLiveEndpoint = async () => {};
  // What a worker is started with is this runtime's own: one queue, one database, one file store.
  const shared = { ctx, boss, events, storage, browsers };
  return {
    config,
    secrets,
    log,
    database,
    ...shared,
    async startWorker(concurrency, opts = {}) {
      const { startWorker } = await import("@errand/worker");
      const worker = await startWorker({
        ...shared,
        concurrency,
        llm: config.llm,
        network: opts.network ?? { allowPrivate: config.allowPrivateNetwork },
        proxyUrl: config.proxyUrl,
        captchaSolver: config.captchaSolver,
        personWaitMs: config.personWaitMs,
        sessionRecording: config.sessionRecording,
        heartbeatMs: config.staleRunMs / 6,
        liveRuns: live.runs,
        webhooks: config.webhooks,
        schedulerIntervalMs: opts.schedules === false ? null : config.schedulerIntervalMs,
      });
      workers.push(worker);
      return worker;
    },
    async startLiveEndpoint() {
      const { startLiveEndpoint } = await import("./live-endpoint.ts");
      const endpoint = await startLiveEndpoint({ ctx, relay, config: config.liveInternal });
      closeLiveEndpoint = endpoint.close;
      return endpoint.address;
    },
    async close() {
      clearInterval(sweep);
      await live.sessions.closeAll();
      await Promise.all(workers.map((w) => w.stop(config.shutdownGraceMs)));
      // This process's rows go before its endpoint: no other process relays to it any more.
      await announcer.withdrawAll().catch((error: Error) => log.warn("removing this process's live endpoints failed", { error }));
      await closeLiveEndpoint();
      await events.close();
      await boss.stop({ graceful: true, timeout: 10_000 });
      await browsers.close().catch(() => undefined);
      await database.close();
      // Last: the spans of everything above are sent before the process ends.
      await tracing?.shutdown().catch((error: Error) => log.warn("sending the last traces failed", { error }));
    },
  };
}

/** DATABASE_URL, or the embedded Postgres in DATA_DIR (shared with an Errand process already running there). */
async function openDatabase(config: Config, log: Logger): Promise<Database> {
  // Postgres's reports of failed statements quote their values: the filter drops them.
  const postgresLog = createPostgresLogFilter();
  const database = await createDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    log: (m) => postgresLog(m).forEach((line) => log.debug(line)),
  });
  log.info(
    database.ownerPid
      ? `Using the embedded Postgres of the Errand process already running on ${config.dataDir} (pid ${database.ownerPid})`
      : database.embedded
        ? `Embedded Postgres ready (data in ${config.dataDir})`
        : "Connected to DATABASE_URL",
  );
  return database;
}

/** pg-boss on the database, its schema created or carried over (ADR 0016). */
async function startBoss(database: Database, log: Logger): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString: database.url, max: 4 });
  // Not fatal: while the database is away the queue takes no jobs, and resumes when it is back.
  boss.on("error", (error) =>
    isDatabaseUnavailable(error) ? log.warn("queue: the database is unreachable", { error }) : log.error("queue error", { error }),
  );
  await startQueue(boss, (text) => database.pool.query(text));
  return boss;
}

/** Login browsers and running runs offered to viewers; where they are is announced once the internal endpoint listens (ADR 0013). */
function liveServices(
  config: Config,
  secrets: Secrets,
  parts: { database: Database; browsers: BrowserManager; metrics: ServiceContext["metrics"]; log: Logger },
) {
  const { log } = parts;
  const relay: LiveRelay = { key: internalLiveKey(secrets.authSecret) };
  const announcer = createLiveAnnouncer({ db: parts.database.db, log, relay });
  const live: LiveServices = {
    sessions: createLiveSessions({
      open: lazyLoginBrowserOpener(parts.browsers, config, parts.metrics),
      limits: {
        idleMs: config.liveSessions.idleSeconds * 1000,
        maxMs: config.liveSessions.maxSeconds * 1000,
        perUser: config.liveSessions.perUser,
      },
      log,
      announcer,
    }),
    runs: createLiveRuns(announcer),
    tokenKey: viewerTokenKey(secrets.encryptionKey),
    tokenTtlMs: LIVE_SESSION_DEFAULTS.tokenSeconds * 1000,
    relay,
  };
  return { live, relay, announcer };
}

/*
 * The agent, the worker, the HTTP server and Stripe are loaded when first used (a browser
 * opened, a worker or the live endpoint started, Stripe configured): the one-off commands
 * (`errand secrets`, `automation-demo`...) load 600 to 800 modules instead of about 2,100.
 */

/** The agent's browser manager, loaded on the first context asked for. */
function lazyBrowserManager(opts: BrowserManagerOptions): BrowserManager {
  let manager: Promise<BrowserManager> | undefined;
  const load = () => (manager ??= import("@errand/agent").then(({ createBrowserManager }) => createBrowserManager(opts)));
  return {
    newContext: async (contextOpts) => (await load()).newContext(contextOpts),
    // A manager never loaded has no browser to close.
    close: async () => (manager ? (await manager).close() : undefined),
  };
}

/** The worker's login browser opener, loaded on the first login browser opened. */
function lazyLoginBrowserOpener(browsers: BrowserManager, config: Config, metrics: ServiceContext["metrics"]): OpenLiveBrowser {
  let opener: Promise<OpenLiveBrowser> | undefined;
  const load = () =>
    (opener ??= import("@errand/worker").then(({ loginBrowserOpener }) =>
      loginBrowserOpener(browsers, { allowPrivate: config.allowPrivateNetwork }, config.proxyUrl, metrics),
    ));
  return async (request) => (await load())(request);
}

/** The Stripe SDK (loaded only when STRIPE_SECRET_KEY is set: about 200 modules). */
async function stripeOf(stripe: NonNullable<Config["stripe"]>): Promise<ServiceContext["stripe"]> {
  const { createStripeClient } = await import("@errand/services/billing");
  return { client: createStripeClient(stripe), webhookSecret: stripe.webhookSecret };
}

/** What every service verb of this process receives. */
function serviceContext(
  config: Config,
  overrides: { billingEnabled?: boolean },
  secrets: Secrets,
  parts: {
    database: Database;
    boss: PgBoss;
    live: LiveServices;
    metrics: ServiceContext["metrics"];
    stripe: ServiceContext["stripe"];
    log: Logger;
  },
): ServiceContext {
  const { log } = parts;
  return {
    db: parts.database.db,
    config: {
      baseUrl: config.baseUrl,
      adminEmails: config.adminEmails,
      billingEnabled: overrides.billingEnabled ?? config.billingEnabled,
      pendingRunsPerAccount: config.pendingRunsPerAccount,
      modelPrices: config.modelPrices,
    },
    encryptionKey: secrets.encryptionKey,
    previousEncryptionKeys: secrets.previousEncryptionKeys,
    log,
    live: parts.live,
    metrics: parts.metrics,
    queue: createPgBossRunQueue(parts.boss),
    mailer: createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, outboxDir: path.join(config.dataDir, "outbox"), log }),
    stripe: parts.stripe,
    network: { allowPrivate: config.allowPrivateNetwork },
    callerCache: new CallerCache(),
  };
}

/**
 * Every process sweeps: ending a run is exactly-once, so overlapping sweeps are harmless.
 * A dead worker's runs end within 1.5 x STALE_RUN_SECONDS; its heartbeats come 6 times as often.
 */
function sweepStaleRuns(ctx: ServiceContext, config: Config): NodeJS.Timeout {
  const sweep = setInterval(
    () => {
      failStaleRuns({ ctx, input: { staleAfterMs: config.staleRunMs } }).catch((error: Error) =>
        ctx.log.warn("stale run sweep failed", { error }),
      );
    },
    Math.min(15_000, config.staleRunMs / 2),
  );
  sweep.unref();
  return sweep;
}

/** The S3 bucket when S3_URL is set (checked with HeadBucket), DATA_DIR/files otherwise. */
export async function openFileStorage(config: Config, secrets: Secrets): Promise<FileStorage> {
  if (config.s3) {
    const storage = createS3FileStorage(config.s3);
    await storage.checkBucket();
    return storage;
  }
  return createLocalFileStorage({
    root: path.join(config.dataDir, "files"),
    baseUrl: config.baseUrl,
    secret: createHmac("sha256", secrets.encryptionKey).update("signed-file-urls").digest(),
  });
}
