import { runOperations } from "@errand/contract";
import { getScreenshotUrl } from "@errand/services/screenshots";
import type { FileStorage } from "@errand/services/storage";
import type { ServiceContext } from "@errand/services";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";

const route = createRoute(runOperations.getScreenshot);

export function registerScreenshotRoutes(api: OpenAPIHono<AppEnv>, deps: { ctx: ServiceContext; storage: FileStorage }) {
  api.openapi(route, async (c) => {
    const { type, id } = c.req.valid("param");
    const body = await getScreenshotUrl({ ctx: deps.ctx, caller: c.get("caller"), input: { type, id, storage: deps.storage } });
    // A step's screenshot never changes; a run's latest one does while it runs.
    c.header("cache-control", type === "steps" ? "private, max-age=300" : "no-store");
    return c.json(body, 200);
  });
}
