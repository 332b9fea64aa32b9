import { proxyOperations } from "@errand/contract";
import { createProxyPool, deleteProxyPool, getProxyPool, listProxyPools, updateProxyPool } from "@errand/services/proxies";
import type { ServiceContext } from "@errand/services";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";
import { serveResource } from "../serve-resource.ts";
import { verbServer } from "../serve-verb.ts";

/** Proxy pools: credentials go in, never out. */
export function registerProxyRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  serveResource(verbServer(api, ctx), proxyOperations, { listProxyPools, createProxyPool, getProxyPool, updateProxyPool, deleteProxyPool });
}
