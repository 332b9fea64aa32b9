import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Hono } from "hono";
import { errorResponse } from "../errors.ts";

/** Where the n8n package keeps its workflow templates (integrations/n8n/templates), from this source file. */
export const DEFAULT_N8N_TEMPLATES_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../../../integrations/n8n/templates",
);

/** The directory's .json files by name, read once; a missing directory serves nothing. */
function readTemplates(dir: string): Map<string, string> {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return new Map();
  }
  const names = entries.filter((entry) => entry.isFile() && /^[a-z0-9-]+\.json$/.test(entry.name)).map((entry) => entry.name);
  return new Map(names.map((name) => [name, readFileSync(path.join(dir, name), "utf8")]));
}

/**
 * GET /templates/n8n/{file}.json: the n8n workflow templates the n8n page offers for download.
 * Only names in the allow-list read at start are answered, so no request path ever reaches the file system.
 */
export function templateRoutes(n8nDir: string = DEFAULT_N8N_TEMPLATES_DIR) {
  const n8n = readTemplates(n8nDir);
  return new Hono().get("/n8n/:file", (c) => {
    const file = c.req.param("file");
    const body = n8n.get(file);
    if (body === undefined) return errorResponse(c, "not_found", "No such template");
    return c.body(body, 200, {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="${file}"`,
      "cache-control": "public, max-age=3600",
    });
  });
}
