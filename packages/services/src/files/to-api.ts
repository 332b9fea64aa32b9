import { API_V1_PREFIX, type ErrandFile } from "@errand/contract";
import type { files } from "@errand/db";
import type { ServiceContext } from "../context.ts";

export type FileRow = typeof files.$inferSelect;

/** Where a file's bytes are served to its owner (key or session), absolute on this server. */
export const fileContentUrl = (ctx: Pick<ServiceContext, "config">, id: string) =>
  `${ctx.config.baseUrl}${API_V1_PREFIX}/files/${id}/content`;

export function fileToApi(ctx: Pick<ServiceContext, "config">, row: FileRow): ErrandFile {
  return {
    id: row.id,
    origin: row.origin,
    name: row.name,
    content_type: row.contentType,
    size: row.sizeBytes,
    sha256: row.sha256,
    run_id: row.runId,
    step_number: row.stepNumber,
    created_at: row.createdAt.toISOString(),
    content_url: fileContentUrl(ctx, row.id),
  };
}
