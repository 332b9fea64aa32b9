import {
  API_ROUTES,
  API_V1_PREFIX,
  operationPath,
  SHARE_TOKEN_PATTERN,
  SHARED_RUN_NOT_FOUND_MESSAGE,
  type SharedRun,
} from "@errand/contract";
import { steps, tasksRuns } from "@errand/db";
import { and, eq } from "drizzle-orm";
import type { ServiceContext, VerbArgs } from "../context.ts";
import { notFound, ServiceError } from "../errors.ts";
import type { FileStorage } from "../storage/file-storage.ts";
import { toPublicReplay } from "./public-replay.ts";
import { loadApiRun } from "./to-api.ts";

const linkGone = () => new ServiceError("not_found", SHARED_RUN_NOT_FOUND_MESSAGE);

/** A screenshot's link through the share: it names the share, which is checked on each use. */
const sharedScreenshotUrl = (ctx: ServiceContext, token: string, stepId: string) =>
  `${ctx.config.baseUrl}${API_V1_PREFIX}${operationPath(API_ROUTES.getSharedScreenshot.path, { token, id: stepId })}`;

/**
 * The run behind a share link, for anyone who has the link: the demo's read-only shape. Its
 * screenshots are links through the same share (not signed storage URLs, which would outlive
 * it): they stop working when the link does. An unknown or revoked token is "not found" and says so.
 */
export async function getSharedRun({ ctx, input }: VerbArgs<{ token: string }>): Promise<SharedRun> {
  // Malformed tokens never reach the query.
  if (!SHARE_TOKEN_PATTERN.test(input.token)) throw linkGone();
  const [row] = await ctx.db.select({ id: tasksRuns.id }).from(tasksRuns).where(eq(tasksRuns.shareToken, input.token));
  const run = row ? await loadApiRun(ctx.db, row.id) : null;
  if (!run) throw linkGone();
  // The owner's saved login is theirs: a viewer sees only that the run used none they can know.
  return toPublicReplay(ctx, { ...run, auth_context_id: null }, (step) => sharedScreenshotUrl(ctx, input.token, step.id));
}

/**
 * A step's screenshot through a share link, checked on each use: it is served while the step's
 * run is shared with this token, and is "not found" from the moment the owner stops sharing it.
 */
export async function getSharedScreenshot({
  ctx,
  input,
}: VerbArgs<{ token: string; stepId: string; storage: FileStorage }>): Promise<{ data: Buffer; contentType: string }> {
  if (!SHARE_TOKEN_PATTERN.test(input.token)) throw linkGone();
  const [row] = await ctx.db
    .select({ key: steps.screenshotKey })
    .from(steps)
    .innerJoin(tasksRuns, eq(tasksRuns.id, steps.taskRunId))
    .where(and(eq(tasksRuns.shareToken, input.token), eq(steps.id, input.stepId)));
  if (!row) throw linkGone();
  const file = row.key ? await input.storage.get(row.key) : null;
  if (!file) throw notFound("Screenshot");
  return file;
}

/** Whether a share link works (for the page's HTTP status): a well-formed token some run has. */
export async function sharedRunExists({ ctx, input }: VerbArgs<{ token: string }>): Promise<boolean> {
  if (!SHARE_TOKEN_PATTERN.test(input.token)) return false;
  const [row] = await ctx.db.select({ id: tasksRuns.id }).from(tasksRuns).where(eq(tasksRuns.shareToken, input.token));
  return row !== undefined;
}
