import { runExportOperations } from "@errand/contract";
import { buildRunBundle, readRunHar, readRunTrace } from "@errand/services/run-exports";
import type { FileStorage } from "@errand/services/storage";
import type { ServiceContext } from "@errand/services";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";
import { attachmentDisposition } from "../files/content-disposition.ts";
import { DOWNLOAD_POLICY } from "../files/file-routes.ts";
import { verbServer } from "../serve-verb.ts";

const har = createRoute(runExportOperations.getRunHar);
const bundle = createRoute(runExportOperations.getRunBundle);

/** A download, never a page of ours (like a file's content). */
const attachment = (type: string, name: string) => ({
  "content-type": type,
  "content-disposition": attachmentDisposition(name),
  "x-content-type-options": "nosniff",
  "content-security-policy": DOWNLOAD_POLICY,
});

/** A run's HAR, trace and bundle (docs/adr/0051-run-har-trace-bundle.md). */
export function registerRunExportRoutes(api: OpenAPIHono<AppEnv>, deps: { ctx: ServiceContext; storage: FileStorage }) {
  const { ctx, storage } = deps;
  api.openapi(har, async (c) => {
    const runId = c.req.valid("param").id;
    const text = await readRunHar({ ctx, caller: c.get("caller"), input: { runId, storage } });
    return c.body(text, 200, attachment("application/json", `run-${runId}.har`));
  });
  verbServer(api, ctx)(runExportOperations.getRunTrace, ({ param }) => ({ runId: param.id, storage }), readRunTrace);
  api.openapi(bundle, async (c) => {
    const runId = c.req.valid("param").id;
    const zip = await buildRunBundle({ ctx, caller: c.get("caller"), input: { runId, storage } });
    return c.body(new Uint8Array(zip), 200, attachment("application/zip", `run-${runId}.zip`));
  });
}
