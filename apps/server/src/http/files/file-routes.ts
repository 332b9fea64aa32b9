import { fileOperations } from "@errand/contract";
import { deleteFile, getFile, listFiles, listRunFiles, readFileContent, uploadFile } from "@errand/services/files";
import type { FileStorage } from "@errand/services/storage";
import type { ServiceContext } from "@errand/services";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";
import { attachmentDisposition } from "./content-disposition.ts";

/** Scripts off, nothing loaded: what a file's content gets if a browser ever renders it. */
export const DOWNLOAD_POLICY = "sandbox; default-src 'none'; frame-ancestors 'none'";

const upload = createRoute(fileOperations.uploadFile);
const list = createRoute(fileOperations.listFiles);
const read = createRoute(fileOperations.getFile);
const remove = createRoute(fileOperations.deleteFile);
const content = createRoute(fileOperations.getFileContent);
const runFiles = createRoute(fileOperations.listRunFiles);

/** Files runs work with: uploads given to runs, and what sites sent during runs. */
export function registerFileRoutes(api: OpenAPIHono<AppEnv>, deps: { ctx: ServiceContext; storage: FileStorage }) {
  const { ctx, storage } = deps;
  api.openapi(upload, async (c) =>
    c.json(await uploadFile({ ctx, caller: c.get("caller"), input: { body: c.req.valid("json"), storage } }), 201),
  );
  api.openapi(list, async (c) =>
    c.json(await listFiles({ ctx, caller: c.get("caller"), input: { limit: c.req.valid("query").limit } }), 200),
  );
  api.openapi(read, async (c) => c.json(await getFile({ ctx, caller: c.get("caller"), input: { fileId: c.req.valid("param").id } }), 200));
  api.openapi(remove, async (c) => {
    await deleteFile({ ctx, caller: c.get("caller"), input: { fileId: c.req.valid("param").id, storage } });
    return c.body(null, 204);
  });
  api.openapi(content, async (c) => {
    const file = await readFileContent({ ctx, caller: c.get("caller"), input: { fileId: c.req.valid("param").id, storage } });
    // Always a download, never a page of ours: a file a site sent may be HTML or SVG with scripts.
    // (Like every authenticated answer it is also `cache-control: no-store`: see securityHeaders.)
    return c.body(new Uint8Array(file.data), 200, {
      "content-type": file.contentType,
      "content-disposition": attachmentDisposition(file.name),
      "x-content-type-options": "nosniff",
      "content-security-policy": DOWNLOAD_POLICY,
    });
  });
  api.openapi(runFiles, async (c) =>
    c.json(await listRunFiles({ ctx, caller: c.get("caller"), input: { runId: c.req.valid("param").id } }), 200),
  );
}
