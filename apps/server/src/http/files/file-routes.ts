import { fileOperations } from "@errand/contract";
import { deleteFile, getFile, listFiles, listRunFiles, readFileContent, uploadFile } from "@errand/services/files";
import type { FileStorage } from "@errand/services/storage";
import type { ServiceContext } from "@errand/services";
import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";
import { verbServer } from "../serve-verb.ts";
import { attachmentDisposition } from "./content-disposition.ts";

/** Scripts off, nothing loaded: what a file's content gets if a browser ever renders it. */
export const DOWNLOAD_POLICY = "sandbox; default-src 'none'; frame-ancestors 'none'";

const content = createRoute(fileOperations.getFileContent);

/** Files runs work with: uploads given to runs, and what sites sent during runs. */
export function registerFileRoutes(api: OpenAPIHono<AppEnv>, deps: { ctx: ServiceContext; storage: FileStorage }) {
  const { ctx, storage } = deps;
  const serve = verbServer(api, ctx);
  serve(fileOperations.uploadFile, ({ json }) => ({ body: json, storage }), uploadFile);
  serve(fileOperations.listFiles, ({ query }) => ({ limit: query.limit }), listFiles);
  serve(fileOperations.getFile, ({ param }) => ({ fileId: param.id }), getFile);
  serve(fileOperations.deleteFile, ({ param }) => ({ fileId: param.id, storage }), deleteFile);
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
  serve(fileOperations.listRunFiles, ({ param }) => ({ runId: param.id }), listRunFiles);
}
