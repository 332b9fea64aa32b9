import type { FileStorage } from "@errand/services/storage";
import { Hono } from "hono";
import { errorResponse } from "../errors.ts";
import { DOWNLOAD_POLICY } from "../files/file-routes.ts";

/** Images shown in place (screenshots); anything else is a download, never a page of ours. */
const INLINE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

/** Files behind signed, expiring URLs (local storage). A changed key or expiry fails the check. */
export function fileRoutes(storage: FileStorage) {
  return new Hono().get("/*", async (c) => {
    const key = decodeURIComponent(c.req.path.replace(/^\/files\//, ""));
    if (!storage.verify(key, c.req.query("expires"), c.req.query("signature"))) {
      return errorResponse(c, "forbidden", "This link is invalid or has expired");
    }
    const file = await storage.get(key);
    if (!file) return errorResponse(c, "not_found", "File not found");
    c.header("cache-control", "private, max-age=600");
    c.header("x-content-type-options", "nosniff");
    const type = file.contentType.split(";")[0]!.trim().toLowerCase();
    if (!INLINE_TYPES.has(type)) {
      c.header("content-disposition", "attachment");
      c.header("content-security-policy", DOWNLOAD_POLICY);
    }
    return c.body(new Uint8Array(file.data), 200, { "content-type": file.contentType });
  });
}
