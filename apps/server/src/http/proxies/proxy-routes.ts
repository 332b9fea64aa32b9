import { proxyOperations } from "@errand/contract";
import { createProxyPool, deleteProxyPool, getProxyPool, listProxyPools, updateProxyPool } from "@errand/services/proxies";
import type { ServiceContext } from "@errand/services";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";
import { verbServer } from "../serve-verb.ts";

/** Proxy pools: credentials go in, never out. */
export function registerProxyRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  const serve = verbServer(api, ctx);
  serve(proxyOperations.listProxyPools, () => ({}), listProxyPools);
  serve(proxyOperations.createProxyPool, ({ json }) => json, createProxyPool);
  serve(proxyOperations.getProxyPool, ({ param }) => ({ id: param.id }), getProxyPool);
  serve(proxyOperations.updateProxyPool, ({ param, json }) => ({ id: param.id, changes: json }), updateProxyPool);
  serve(proxyOperations.deleteProxyPool, ({ param }) => ({ id: param.id }), deleteProxyPool);
}
