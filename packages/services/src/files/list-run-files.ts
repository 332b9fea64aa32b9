import type { ErrandFileList } from "@errand/contract";
import { files, runFiles, tasksRuns } from "@errand/db";
import { and, asc, eq } from "drizzle-orm";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { ownRun } from "../runs/own-run.ts";
import { fileToApi } from "./to-api.ts";

/**
 * GET /runs/{id}/files: the uploads the run was given (in the order given), then the files sites
 * sent during it (in the order they came). Another user's run is "not found".
 */
export async function listRunFiles({ ctx, caller, input }: CallerVerbArgs<{ runId: string }>): Promise<ErrandFileList> {
  requireScope(caller, "read");
  const run = await ownRun(ctx.db, caller, input.runId, { id: tasksRuns.id });
  const uploads = await ctx.db
    .select({ file: files })
    .from(runFiles)
    .innerJoin(files, eq(files.id, runFiles.fileId))
    .where(eq(runFiles.runId, run.id))
    .orderBy(asc(runFiles.position));
  const downloads = await ctx.db
    .select()
    .from(files)
    .where(and(eq(files.runId, run.id), eq(files.origin, "download")))
    .orderBy(asc(files.createdAt), asc(files.id));
  return { data: [...uploads.map((u) => u.file), ...downloads].map((row) => fileToApi(ctx, row)) };
}
