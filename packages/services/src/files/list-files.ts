import type { ErrandFileList } from "@errand/contract";
import { files } from "@errand/db";
import { and, desc, eq } from "drizzle-orm";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { fileToApi } from "./to-api.ts";

export const FILE_LIST_DEFAULT = 50;

/** GET /files: the caller's uploads, newest first (a run's downloads are listed with the run). */
export async function listFiles({ ctx, caller, input }: CallerVerbArgs<{ limit?: number }>): Promise<ErrandFileList> {
  requireScope(caller, "read");
  const rows = await ctx.db
    .select()
    .from(files)
    .where(and(eq(files.workspaceId, caller.workspaceId), eq(files.origin, "upload")))
    .orderBy(desc(files.createdAt), desc(files.id))
    .limit(input.limit ?? FILE_LIST_DEFAULT);
  return { data: rows.map((row) => fileToApi(ctx, row)) };
}
