import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { healthRoutes, type HealthDeps } from "./health-routes.ts";
import { metricsRoutes, type MetricsRouteDeps } from "./metrics-routes.ts";

/**
 * `/api/health`, `/api/ready` and `/metrics` alone, for a process with no web app (`errand worker --health`):
 * container healthchecks, Kubernetes probes and Prometheus reach workers the way they reach the API.
 */
export async function startHealthServer(
  deps: HealthDeps & { port: number; host: string; metrics?: MetricsRouteDeps },
): Promise<{ port: number; close(): Promise<void> }> {
  const app = new Hono().route("/api", healthRoutes(deps));
  if (deps.metrics) app.route("/", metricsRoutes(deps.metrics));
  app.notFound((c) =>
    c.json({ error: { code: "not_found", message: "This process serves /api/health, /api/ready and /metrics only" } }, 404),
  );
  const server = serve({ fetch: app.fetch, port: deps.port, hostname: deps.host });
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "EADDRINUSE"
          ? new Error(`Port ${deps.port} is in use: set PORT to another port for the worker's health endpoints`)
          : error,
      ),
    );
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
