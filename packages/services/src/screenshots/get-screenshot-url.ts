import { SIGNED_URL_CACHE_MS } from "@errand/contract";
import { steps, tasksRuns } from "@errand/db";
import { and, desc, eq, isNotNull } from "drizzle-orm";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { notFound } from "../errors.ts";
import type { FileStorage } from "../storage/file-storage.ts";

export const SIGNED_URL_SECONDS = SIGNED_URL_CACHE_MS / 1000;

/** A signed, expiring URL of a run's latest screenshot, or of one step's. Owner only. */
export async function getScreenshotUrl({
  ctx,
  caller,
  input,
}: CallerVerbArgs<{ type: "runs" | "steps"; id: string; storage: FileStorage }>): Promise<{ signed_url: string }> {
  requireScope(caller, "read");
  const [row] = await ctx.db
    .select({ key: steps.screenshotKey })
    .from(steps)
    .innerJoin(tasksRuns, eq(tasksRuns.id, steps.taskRunId))
    .where(
      and(
        eq(tasksRuns.workspaceId, caller.workspaceId),
        input.type === "runs" ? eq(steps.taskRunId, input.id) : eq(steps.id, input.id),
        isNotNull(steps.screenshotKey),
      ),
    )
    .orderBy(desc(steps.number))
    .limit(1);
  if (!row?.key) throw notFound("Screenshot");
  return { signed_url: await input.storage.signedUrl(row.key, SIGNED_URL_SECONDS) };
}
