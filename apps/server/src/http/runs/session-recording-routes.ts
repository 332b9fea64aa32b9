import { gunzipSync } from "node:zlib";
import { idParam, sessionRecordingOperations } from "@errand/contract";
import { getSessionRecording } from "@errand/services/session-recordings";
import type { FileStorage } from "@errand/services/storage";
import type { ServiceContext } from "@errand/services";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";

const route = createRoute(sessionRecordingOperations.getRunRecording);

/** GET /runs/{id}/recording: the stored gzip as it is to clients that accept gzip (most), unpacked for the others. */
export function registerSessionRecordingRoutes(api: OpenAPIHono<AppEnv>, deps: { ctx: ServiceContext; storage: FileStorage }) {
  api.openAPIRegistry.registerPath(route);
  api.get("/runs/:id/recording", async (c) => {
    const id = idParam.safeParse({ id: c.req.param("id") });
    if (!id.success) return c.json({ error: { code: "not_found", message: "Run not found" } }, 404);
    const input = { runId: id.data.id, storage: deps.storage };
    const { gzipped } = await getSessionRecording({ ctx: deps.ctx, caller: c.get("caller"), input });
    // A finished run's recording never changes.
    const headers = { "content-type": "application/json", "cache-control": "private, max-age=300", vary: "accept-encoding" };
    if (/\bgzip\b/.test(c.req.header("accept-encoding") ?? ""))
      return c.body(new Uint8Array(gzipped), 200, { ...headers, "content-encoding": "gzip" });
    return c.body(new Uint8Array(gunzipSync(gzipped)), 200, headers);
  });
}
