import { SHARE_TOKEN_PATTERN, SHARED_RUN_NOT_FOUND_MESSAGE, type SharedRun } from "@errand/contract";
import { tasksRuns } from "@errand/db";
import { eq } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import { ServiceError } from "../errors.ts";
import type { FileStorage } from "../storage/file-storage.ts";
import { toPublicReplay } from "./public-replay.ts";
import { loadApiRun } from "./to-api.ts";

/**
 * The run behind a share link, for anyone who has the link: the demo's read-only shape, with
 * screenshots as signed, expiring URLs. An unknown or revoked token is "not found" and says so.
 */
export async function getSharedRun({ ctx, input }: VerbArgs<{ token: string; storage: FileStorage }>): Promise<SharedRun> {
  const missing = new ServiceError("not_found", SHARED_RUN_NOT_FOUND_MESSAGE);
  // Malformed tokens never reach the query.
  if (!SHARE_TOKEN_PATTERN.test(input.token)) throw missing;
  const [row] = await ctx.db.select({ id: tasksRuns.id }).from(tasksRuns).where(eq(tasksRuns.shareToken, input.token));
  const run = row ? await loadApiRun(ctx.db, row.id) : null;
  if (!run) throw missing;
  // The owner's saved login is theirs: a viewer sees only that the run used none they can know.
  return toPublicReplay(ctx, { ...run, auth_context_id: null }, input.storage);
}

/** Whether a share link works (for the page's HTTP status): a well-formed token some run has. */
export async function sharedRunExists({ ctx, input }: VerbArgs<{ token: string }>): Promise<boolean> {
  if (!SHARE_TOKEN_PATTERN.test(input.token)) return false;
  const [row] = await ctx.db.select({ id: tasksRuns.id }).from(tasksRuns).where(eq(tasksRuns.shareToken, input.token));
  return row !== undefined;
}
