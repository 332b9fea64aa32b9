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
import type { CallerVerbArgs, ServiceContext } from "@errand/services";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";
import { verbServer } from "../serve-verb.ts";

/** The API answers the list under a name, like every other list. */
const listNamed = async (args: CallerVerbArgs<Record<string, never>>) => ({ auth_contexts: await listAuthContexts(args) });

export function registerAuthContextRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  const serve = verbServer(api, ctx);
  const ops = authContextOperations;
  serve(ops.listAuthContexts, () => ({}), listNamed);
  serve(ops.openLoginSession, ({ json }) => ({ urls: json.urls, proxy: json.proxy }), openLoginSession);
  serve(ops.closeLoginSession, ({ param }) => ({ sessionId: param.id }), closeLoginSession);
  serve(ops.createAuthContext, ({ json }) => ({ name: json.name, urls: json.urls, sessionId: json.session_id }), createAuthContext);
  serve(ops.openRelogInSession, ({ param }) => ({ authContextId: param.id }), openRelogInSession);
  serve(
    ops.replaceAuthContextState,
    ({ param, json }) => ({ authContextId: param.id, sessionId: json.session_id }),
    replaceAuthContextState,
  );
  serve(ops.getAuthContext, ({ param }) => ({ id: param.id }), getAuthContext);
  serve(ops.deleteAuthContext, ({ param }) => ({ id: param.id }), deleteAuthContext);
}
