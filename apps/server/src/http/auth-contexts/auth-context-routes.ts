import {
  apiErrorSchema,
  authContextSchema,
  authSessionSchema,
  createAuthContextSchema,
  createAuthSessionSchema,
  replaceAuthContextStateSchema,
} from "@errand/contract";
import {
  closeLoginSession,
  createAuthContext,
  deleteAuthContext,
  getAuthContext,
  listAuthContexts,
  openLoginSession,
  openRelogInSession,
  replaceAuthContextState,
  type ServiceContext,
} from "@errand/services";
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";
import { commonErrors, idParam, jsonContent } from "../openapi-helpers.ts";

const tags = ["Auth contexts"];
const unavailable = { 503: jsonContent(apiErrorSchema, "This server has no browser for live sessions") };

const list = createRoute({
  method: "get",
  path: "/auth-contexts",
  tags,
  summary: "Your saved logins, by name (their saved state is never returned)",
  responses: { 200: jsonContent(z.object({ auth_contexts: z.array(authContextSchema) }), "The saved logins"), ...commonErrors },
});
const read = createRoute({
  method: "get",
  path: "/auth-contexts/{id}",
  tags,
  summary: "One saved login (without its saved state)",
  request: { params: idParam },
  responses: { 200: jsonContent(authContextSchema, "The saved login"), ...commonErrors },
});
const remove = createRoute({
  method: "delete",
  path: "/auth-contexts/{id}",
  tags,
  summary: "Delete a saved login",
  request: { params: idParam },
  responses: { 204: { description: "Deleted" }, ...commonErrors },
});
const openSession = createRoute({
  method: "post",
  path: "/auth-contexts/sessions",
  tags,
  summary: "Open a live browser on the site to log in to",
  description:
    "Opens a browser on the first URL and returns `debug_url`: the live viewer (with a short-lived token, see `expires_at`) to show in an iframe or open in a browser. The person logs in there; then save it with POST /auth-contexts. Sessions close after a while without input and after a maximum lifetime.",
  request: { body: { content: { "application/json": { schema: createAuthSessionSchema } }, required: true } },
  responses: {
    201: jsonContent(authSessionSchema, "The session is open"),
    429: jsonContent(apiErrorSchema, "Too many sessions open at once"),
    ...unavailable,
    ...commonErrors,
  },
});
const closeSession = createRoute({
  method: "delete",
  path: "/auth-contexts/sessions/{id}",
  tags,
  summary: "Close a live login browser without saving",
  request: { params: idParam },
  responses: { 204: { description: "Closed" }, ...unavailable, ...commonErrors },
});
const create = createRoute({
  method: "post",
  path: "/auth-contexts",
  tags,
  summary: "Save the login made in a live session",
  description:
    "Saves the session's cookies and local storage for the sites of `urls` (encrypted with AES-256-GCM), then closes the session. Runs given this auth context start logged in.",
  request: { body: { content: { "application/json": { schema: createAuthContextSchema } }, required: true } },
  responses: { 201: jsonContent(authContextSchema, "The saved login"), ...unavailable, ...commonErrors },
});

const openRelogIn = createRoute({
  method: "post",
  path: "/auth-contexts/{id}/sessions",
  tags,
  summary: "Log in again: open a live browser on a saved login",
  description:
    "Opens a browser on the saved login's first URL with its saved cookies and local storage loaded, and returns `debug_url` like POST /auth-contexts/sessions. The person logs in afresh there; then PUT /auth-contexts/{id}/state replaces the saved login (same id: tasks that use it need no change).",
  request: { params: idParam },
  responses: {
    201: jsonContent(authSessionSchema, "The session is open"),
    429: jsonContent(apiErrorSchema, "Too many sessions open at once"),
    ...unavailable,
    ...commonErrors,
  },
});
const replaceState = createRoute({
  method: "put",
  path: "/auth-contexts/{id}/state",
  tags,
  summary: "Replace a saved login with the one made in a live session",
  description:
    "Saves the session's cookies and local storage for the saved login's sites in place of the old ones (encrypted with AES-256-GCM), then closes the session. A session opened to log in again to another saved login is refused (404).",
  request: { params: idParam, body: { content: { "application/json": { schema: replaceAuthContextStateSchema } }, required: true } },
  responses: { 200: jsonContent(authContextSchema, "The saved login, updated"), ...unavailable, ...commonErrors },
});

export function registerAuthContextRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  api.openapi(list, async (c) => c.json({ auth_contexts: await listAuthContexts({ ctx, input: { userId: c.get("caller").userId } }) }, 200));
  api.openapi(openSession, async (c) =>
    c.json(await openLoginSession({ ctx, input: { userId: c.get("caller").userId, urls: c.req.valid("json").urls } }), 201),
  );
  api.openapi(closeSession, async (c) => {
    await closeLoginSession({ ctx, input: { userId: c.get("caller").userId, sessionId: c.req.valid("param").id } });
    return c.body(null, 204);
  });
  api.openapi(create, async (c) => {
    const body = c.req.valid("json");
    return c.json(await createAuthContext({ ctx, input: { userId: c.get("caller").userId, name: body.name, urls: body.urls, sessionId: body.session_id } }), 201);
  });
  api.openapi(openRelogIn, async (c) =>
    c.json(await openRelogInSession({ ctx, input: { userId: c.get("caller").userId, authContextId: c.req.valid("param").id } }), 201),
  );
  api.openapi(replaceState, async (c) => {
    const input = { userId: c.get("caller").userId, authContextId: c.req.valid("param").id, sessionId: c.req.valid("json").session_id };
    return c.json(await replaceAuthContextState({ ctx, input }), 200);
  });
  api.openapi(read, async (c) => c.json(await getAuthContext({ ctx, input: { userId: c.get("caller").userId, id: c.req.valid("param").id } }), 200));
  api.openapi(remove, async (c) => {
    await deleteAuthContext({ ctx, input: { userId: c.get("caller").userId, id: c.req.valid("param").id } });
    return c.body(null, 204);
  });
}
