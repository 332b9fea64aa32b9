import { runShareSchema, sharedRunSchema } from "@errand/contract";
import { getRunShare, getSharedRun, shareRun, unshareRun, type FileStorage, type ServiceContext } from "@errand/services";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../authenticate.ts";
import { validationResponse } from "../errors.ts";
import { commonErrors, idParam, jsonContent } from "../openapi-helpers.ts";

// Listed with the runs (the owner's controls) and the demos (the public replay) in the reference.
const tags = ["Runs"];
const ABOUT =
  "Anyone with the link sees a read-only replay of the run at /shared/{token}: its prompt, steps, screenshots and result, without your account, webhook or saved login. Admin-only Make Public (the marketplace demo) is separate.";

const readShare = createRoute({
  method: "get",
  path: "/runs/{id}/share",
  tags,
  summary: "A run's share link, if it is shared",
  request: { params: idParam },
  responses: { 200: jsonContent(runShareSchema, "The link, or url null when the run is not shared"), ...commonErrors },
});
const share = createRoute({
  method: "post",
  path: "/runs/{id}/share",
  tags,
  summary: "Share one of your runs by link",
  description: `${ABOUT} A run already shared keeps its link; after DELETE, sharing again makes a new link.`,
  request: { params: idParam },
  responses: { 200: jsonContent(runShareSchema.extend({ url: z.string() }), "The share link"), ...commonErrors },
});
const unshare = createRoute({
  method: "delete",
  path: "/runs/{id}/share",
  tags,
  summary: "Stop sharing a run",
  description: "The link stops working at once (404 for whoever opens it). Unsharing a run that is not shared is fine.",
  request: { params: idParam },
  responses: { 204: { description: "Not shared any more" }, ...commonErrors },
});

export const sharedRunRoute = createRoute({
  method: "get",
  path: "/shared/{token}",
  tags: ["Demos"],
  summary: "A shared run with its steps, for whoever has the link (no key needed)",
  description: "The demo's shape; screenshots are signed URLs that expire after 10 minutes. A link its owner revoked answers 404.",
  request: { params: z.object({ token: z.string().max(200) }) },
  security: [],
  responses: { 200: jsonContent(sharedRunSchema, "The shared run"), ...commonErrors },
});

/** The owner's controls, behind authentication. */
export function registerShareRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  api.openapi(readShare, async (c) => c.json(await getRunShare({ ctx, input: { userId: c.get("caller").userId, runId: c.req.valid("param").id } }), 200));
  api.openapi(share, async (c) => c.json(await shareRun({ ctx, input: { userId: c.get("caller").userId, runId: c.req.valid("param").id } }), 200));
  api.openapi(unshare, async (c) => {
    await unshareRun({ ctx, input: { userId: c.get("caller").userId, runId: c.req.valid("param").id } });
    return c.body(null, 204);
  });
}

/** Public: mounted before the authentication middleware, like the demos. */
export function sharedRunRoutes(deps: { ctx: ServiceContext; storage: FileStorage }) {
  const app = new OpenAPIHono({ defaultHook: (result, c) => (result.success ? undefined : validationResponse(c, result.error)) });
  app.use(sharedRunRoute.getRoutingPath(), sharedHeaders);
  app.openapi(sharedRunRoute, async (c) =>
    c.json(await getSharedRun({ ctx: deps.ctx, input: { token: c.req.valid("param").token, storage: deps.storage } }), 200),
  );
  return app;
}

/**
 * Shared replays (the page and its data) are for the people given the link: never indexed, and
 * never kept by a cache, so a revoked link stops working at once.
 */
export const sharedHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  c.header("x-robots-tag", "noindex, nofollow");
  c.header("cache-control", "no-store");
};
