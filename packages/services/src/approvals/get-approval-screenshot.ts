import { tasksRuns } from "@errand/db";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { notFound } from "../errors.ts";
import { ownRun } from "../runs/own-run.ts";
import { SIGNED_URL_SECONDS } from "../screenshots/get-screenshot-url.ts";
import type { FileStorage } from "../storage/file-storage.ts";
import { approvalScreenshotKey } from "../storage/storage-keys.ts";

/** A signed, expiring URL of the page as the run asked for approval; only while the action waits. */
export async function getApprovalScreenshot({
  ctx,
  caller,
  input,
}: CallerVerbArgs<{ runId: string; storage: FileStorage }>): Promise<{ signed_url: string }> {
  requireScope(caller, "read");
  const run = await ownRun(ctx.db, caller, input.runId, { id: tasksRuns.id, pending: tasksRuns.pendingApproval });
  if (!run.pending?.has_screenshot) throw notFound("Screenshot");
  return { signed_url: await input.storage.signedUrl(approvalScreenshotKey(run.id), SIGNED_URL_SECONDS) };
}
