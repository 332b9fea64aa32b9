import { apiOperations } from "@errand/contract";
import { getRunShare, getSharedRun, getSharedScreenshot, shareRun, unshareRun } from "@errand/services/runs";
import type { FileStorage } from "@errand/services/storage";
import type { ServiceContext } from "@errand/services";
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../authenticate.ts";
import { validationResponse } from "../errors.ts";
import { verbServer } from "../serve-verb.ts";

export const sharedRunRoute = createRoute(apiOperations.getSharedRun);
export const sharedScreenshotRoute = createRoute(apiOperations.getSharedScreenshot);

/** What a shared screenshot may be shown as; anything else is sent as a download. */
const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/webp"]);

/** The owner's controls, behind authentication. */
export function registerShareRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  const serve = verbServer(api, ctx);
  serve(apiOperations.getRunShare, ({ param }) => ({ runId: param.id }), getRunShare);
  serve(apiOperations.shareRun, ({ param }) => ({ runId: param.id }), shareRun);
  serve(apiOperations.unshareRun, ({ param }) => ({ runId: param.id }), unshareRun);
}

/** Public: mounted before the authentication middleware, like the demos. */
export function sharedRunRoutes(deps: { ctx: ServiceContext; storage: FileStorage }) {
  const app = new OpenAPIHono({ defaultHook: (result, c) => (result.success ? undefined : validationResponse(c, result.error)) });
  app.use(sharedRunRoute.getRoutingPath(), sharedHeaders);
  app.openapi(sharedRunRoute, async (c) =>
    c.json(await getSharedRun({ ctx: deps.ctx, input: { token: c.req.valid("param").token } }), 200),
  );
  app.use(sharedScreenshotRoute.getRoutingPath(), sharedHeaders);
  app.openapi(sharedScreenshotRoute, async (c) => {
    const { token, id } = c.req.valid("param");
    const file = await getSharedScreenshot({ ctx: deps.ctx, input: { token, stepId: id, storage: deps.storage } });
    const type = file.contentType.split(";")[0]!.trim().toLowerCase();
    const headers: Record<string, string> = {
      "content-type": IMAGE_TYPES.has(type) ? type : "application/octet-stream",
      "x-content-type-options": "nosniff",
    };
    if (!IMAGE_TYPES.has(type)) headers["content-disposition"] = "attachment";
    return c.body(new Uint8Array(file.data), 200, headers);
  });
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
