import { proxyOperations } from "@errand/contract";
import { createProxyPool, deleteProxyPool, getProxyPool, listProxyPools, updateProxyPool } from "@errand/services/proxies";
import type { ServiceContext } from "@errand/services";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";

const list = createRoute(proxyOperations.listProxyPools);
const create = createRoute(proxyOperations.createProxyPool);
const read = createRoute(proxyOperations.getProxyPool);
const update = createRoute(proxyOperations.updateProxyPool);
const remove = createRoute(proxyOperations.deleteProxyPool);

/** Proxy pools: credentials go in, never out. */
export function registerProxyRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  api.openapi(list, async (c) => c.json(await listProxyPools({ ctx, caller: c.get("caller"), input: {} }), 200));
  api.openapi(create, async (c) => c.json(await createProxyPool({ ctx, caller: c.get("caller"), input: c.req.valid("json") }), 201));
  api.openapi(read, async (c) => c.json(await getProxyPool({ ctx, caller: c.get("caller"), input: { id: c.req.valid("param").id } }), 200));
  api.openapi(update, async (c) =>
    c.json(
      await updateProxyPool({ ctx, caller: c.get("caller"), input: { id: c.req.valid("param").id, changes: c.req.valid("json") } }),
      200,
    ),
  );
  api.openapi(remove, async (c) => {
    await deleteProxyPool({ ctx, caller: c.get("caller"), input: { id: c.req.valid("param").id } });
    return c.body(null, 204);
  });
}
