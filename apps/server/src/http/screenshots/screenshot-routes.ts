import { apiErrorSchema, SCREENSHOT_TYPES, screenshotResponseSchema } from "@errand/contract";
import { getScreenshotUrl, type FileStorage, type ServiceContext } from "@errand/services";
import { createRoute, z, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";
import { commonErrors, jsonContent } from "../openapi-helpers.ts";

const route = createRoute({
  method: "get",
  path: "/{type}/{id}/screenshot",
  tags: ["Runs"],
  summary: "A signed URL (valid 10 minutes) of a run's latest screenshot or of a step's",
  request: { params: z.object({ type: z.enum(SCREENSHOT_TYPES, { error: "type must be runs or steps" }), id: z.uuid({ error: "id must be a UUID" }) }) },
  responses: { 200: jsonContent(screenshotResponseSchema, "The signed URL"), ...commonErrors, 404: jsonContent(apiErrorSchema, "No screenshot") },
});

export function registerScreenshotRoutes(api: OpenAPIHono<AppEnv>, deps: { ctx: ServiceContext; storage: FileStorage }) {
  api.openapi(route, async (c) => {
    const { type, id } = c.req.valid("param");
    const body = await getScreenshotUrl({ ctx: deps.ctx, input: { userId: c.get("caller").userId, type, id, storage: deps.storage } });
    // A step's screenshot never changes; a run's latest one does while it runs.
    c.header("cache-control", type === "steps" ? "private, max-age=300" : "no-store");
    return c.json(body, 200);
  });
}
