import { authContextOperations } from "@errand/contract";
import {
  closeLoginSession,
  createAuthContext,
  deleteAuthContext,
  getAuthContext,
  listAuthContexts,
  openLoginSession,
  openRelogInSession,
  replaceAuthContextState,
} from "@errand/services/auth-contexts";
import type { ServiceContext } from "@errand/services";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";

const list = createRoute(authContextOperations.listAuthContexts);
const read = createRoute(authContextOperations.getAuthContext);
const remove = createRoute(authContextOperations.deleteAuthContext);
const openSession = createRoute(authContextOperations.openLoginSession);
const closeSession = createRoute(authContextOperations.closeLoginSession);
const create = createRoute(authContextOperations.createAuthContext);

const openRelogIn = createRoute(authContextOperations.openRelogInSession);
const replaceState = createRoute(authContextOperations.replaceAuthContextState);

export function registerAuthContextRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  api.openapi(list, async (c) => c.json({ auth_contexts: await listAuthContexts({ ctx, caller: c.get("caller"), input: {} }) }, 200));
  api.openapi(openSession, async (c) =>
    c.json(
      await openLoginSession({ ctx, caller: c.get("caller"), input: { urls: c.req.valid("json").urls, proxy: c.req.valid("json").proxy } }),
      201,
    ),
  );
  api.openapi(closeSession, async (c) => {
    await closeLoginSession({ ctx, caller: c.get("caller"), input: { sessionId: c.req.valid("param").id } });
    return c.body(null, 204);
  });
  api.openapi(create, async (c) => {
    const body = c.req.valid("json");
    return c.json(
      await createAuthContext({ ctx, caller: c.get("caller"), input: { name: body.name, urls: body.urls, sessionId: body.session_id } }),
      201,
    );
  });
  api.openapi(openRelogIn, async (c) =>
    c.json(await openRelogInSession({ ctx, caller: c.get("caller"), input: { authContextId: c.req.valid("param").id } }), 201),
  );
  api.openapi(replaceState, async (c) => {
    const input = { authContextId: c.req.valid("param").id, sessionId: c.req.valid("json").session_id };
    return c.json(await replaceAuthContextState({ ctx, caller: c.get("caller"), input }), 200);
  });
  api.openapi(read, async (c) =>
    c.json(await getAuthContext({ ctx, caller: c.get("caller"), input: { id: c.req.valid("param").id } }), 200),
  );
  api.openapi(remove, async (c) => {
    await deleteAuthContext({ ctx, caller: c.get("caller"), input: { id: c.req.valid("param").id } });
    return c.body(null, 204);
  });
}
