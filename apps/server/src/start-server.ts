import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { HealthDatabase } from "@errand/services/system";
import { createAuth, type OAuthProviders } from "@errand/services/auth";
import type { FileStorage } from "@errand/services/storage";
import type { RunEventListener } from "@errand/services/events";
import type { ServiceContext } from "@errand/services";
import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { attachLiveViewSocket } from "./live/live-view-socket.ts";
import { avatarOrigins } from "./http/system/security-headers.ts";
import type { BrowserCheck } from "@errand/services/system";

export const DEFAULT_WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist");

export interface HttpDeps {
  ctx: ServiceContext;
  database: HealthDatabase;
  events: RunEventListener;
  storage: FileStorage;
  authSecret: string;
  authRateLimit?: number;
  apiRateLimit?: number;
  port: number;
  host: string;
  baseUrl: string;
  trustProxy: number;
  webDir?: string;
  /** Google and GitHub sign-in, each when configured. */
  oauth?: OAuthProviders;
  /** Set when this process also executes runs: readiness checks their browser. */
  browserCheck?: BrowserCheck;
  /** METRICS_TOKEN: opens /metrics. */
  metricsToken?: string;
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** Serves the app over HTTP with the parts the caller built (see the CLI's runtime). */
export async function startServer(deps: HttpDeps): Promise<RunningServer> {
  const auth = createAuth(deps.ctx, { secret: deps.authSecret, rateLimitPerMinute: deps.authRateLimit, oauth: deps.oauth });
  const app = createApp({
    ctx: deps.ctx,
    auth,
    database: deps.database,
    baseUrl: deps.baseUrl,
    trustProxy: deps.trustProxy,
    apiRateLimit: deps.apiRateLimit,
    events: deps.events,
    storage: deps.storage,
    webDir: deps.webDir ?? DEFAULT_WEB_DIR,
    providers: { google: Boolean(deps.oauth?.google), github: Boolean(deps.oauth?.github) },
    imageOrigins: avatarOrigins(deps.oauth),
    browserCheck: deps.browserCheck,
    metricsToken: deps.metricsToken,
  });
  const server = serve({ fetch: app.fetch, port: deps.port, hostname: deps.host });
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "EADDRINUSE" ? new Error(`Port ${deps.port} is in use: set PORT to another port`) : error),
    );
  });
  const liveSocket = attachLiveViewSocket(server as Server, deps.ctx, deps.baseUrl);
  const port = (server.address() as AddressInfo).port;
  return {
    url: deps.baseUrl.replace(/:\d+$/, `:${port}`),
    async close() {
      liveSocket.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive and SSE connections must not hold the shutdown.
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
    },
  };
}
