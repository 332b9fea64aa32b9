import type { DemoRun } from "@errand/contract";
import { steps, tasksRuns } from "@errand/db";
import { and, asc, eq } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import { notFound } from "../errors.ts";
import type { FileStorage } from "../storage/file-storage.ts";
import { SIGNED_URL_SECONDS } from "../screenshots/get-screenshot-url.ts";
import { apiRunFrom, selectApiRuns, stepToApi } from "./to-api.ts";

/** A public run for anyone (demo replay); private runs are "not found". Owner details left out. */
export async function getDemoRun({ ctx, input }: VerbArgs<{ runId: string; storage: FileStorage }>): Promise<DemoRun> {
  const [selected] = await selectApiRuns(ctx.db).where(and(eq(tasksRuns.id, input.runId), eq(tasksRuns.public, true)));
  if (!selected) throw notFound("Demo");
  const rows = await ctx.db.select().from(steps).where(eq(steps.taskRunId, selected.row.id)).orderBy(asc(steps.number));
  const {
    user_id: _u,
    webhook_url: _w,
    input_tokens: _i,
    output_tokens: _o,
    cost: _c,
    charge: _ch,
    proxy: _p,
    batch_id: _b,
    evaluation_id: _e,
    ...publicRun
  } = apiRunFrom(selected);
  return {
    run: publicRun,
    steps: await Promise.all(
      rows.map(async (s) => ({
        ...stepToApi(s),
        screenshot_url: s.screenshotKey ? await input.storage.signedUrl(s.screenshotKey, SIGNED_URL_SECONDS) : null,
      })),
    ),
  };
}
