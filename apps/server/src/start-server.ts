import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { resolveSecrets, type Config } from "@errand/config";
import { createDb } from "@errand/db";
import { createHmac } from "node:crypto";
import {
  createAuth,
  createLocalFileStorage,
  createLogger,
  createPgBossRunQueue,
  createRunEventListener,
  ensureQueues,
  failStaleRuns,
  type ServiceContext,
} from "@errand/services";
import PgBoss from "pg-boss";
import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";

export const DEFAULT_WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist");

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** Starts Postgres (embedded unless DATABASE_URL), migrates, and serves the app. */
export async function startServer(config: Config, options: { webDir?: string } = {}): Promise<RunningServer> {
  const log = createLogger(config.logLevel);
  const secrets = await resolveSecrets(config, (m) => log.warn(m));
  const database = await createDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    log: (m) => log.debug(m),
  });
  log.info(database.embedded ? `Embedded Postgres ready (data in ${config.dataDir})` : "Connected to DATABASE_URL");

  const boss = new PgBoss({ connectionString: database.url, max: 4 });
  boss.on("error", (error) => log.error("queue error", { error: error.message }));
  await boss.start();
  await ensureQueues(boss);

  const ctx: ServiceContext = {
    db: database.db,
    config: { baseUrl: config.baseUrl, adminEmails: config.adminEmails, billingEnabled: config.billingEnabled },
    encryptionKey: secrets.encryptionKey,
    log,
    queue: createPgBossRunQueue(boss),
  };
  const auth = createAuth(ctx, { secret: secrets.authSecret });
  const events = await createRunEventListener(database.url, log);
  const storage = createLocalFileStorage({
    root: path.join(config.dataDir, "files"),
    baseUrl: config.baseUrl,
    secret: createHmac("sha256", secrets.encryptionKey).update("signed-file-urls").digest(),
  });
  // Every process sweeps: ending a run is exactly-once, so overlapping sweeps are harmless.
  const sweep = setInterval(() => {
    failStaleRuns({ ctx, input: {} }).catch((error: Error) => log.warn("stale run sweep failed", { error: error.message }));
  }, 15_000);
  sweep.unref();
  const app = createApp({
    ctx,
    auth,
    database,
    baseUrl: config.baseUrl,
    trustProxy: config.trustProxy,
    events,
    storage,
    webDir: options.webDir ?? DEFAULT_WEB_DIR,
  });

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host });
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "EADDRINUSE" ? new Error(`Port ${config.port} is in use: set PORT to another port`) : error),
    );
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: config.baseUrl.replace(/:\d+$/, `:${port}`),
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive and SSE connections must not hold the shutdown.
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      clearInterval(sweep);
      await events.close();
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      await database.close();
    },
  };
}
