import { SHARE_TOKEN_PATTERN, SHARED_EVALUATION_NOT_FOUND_MESSAGE, type EvaluationShare, type SharedEvaluation } from "@errand/contract";
import { evaluations } from "@errand/db";
import { eq, sql } from "drizzle-orm";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import type { ServiceContext, VerbArgs } from "../context.ts";
import { ServiceError } from "../errors.ts";
import { newShareToken } from "../runs/share-run.ts";
import { requireRole } from "../workspaces/roles.ts";
import { sharedEvaluationToApi } from "./evaluation-to-api.ts";
import { callersEvaluation, evaluationNotFound, ownEvaluation } from "./own-evaluation.ts";

type EvaluationArgs = CallerVerbArgs<{ evaluationId: string }>;

const shareUrl = (ctx: ServiceContext, token: string | null) => (token ? `${ctx.config.baseUrl}/shared/evaluations/${token}` : null);
const linkGone = () => new ServiceError("not_found", SHARED_EVALUATION_NOT_FOUND_MESSAGE);

/** Turns on the report's share link; shared already, the same link; after unsharing, a new one. */
export async function shareEvaluation(args: EvaluationArgs): Promise<{ url: string }> {
  // Who may share follows runs' share links: whoever may run in the workspace (docs/adr/0044-evaluations.md).
  requireRole(args.caller, "run");
  const [row] = await args.ctx.db
    .update(evaluations)
    .set({ shareToken: sql`coalesce(${evaluations.shareToken}, ${newShareToken()})` })
    .where(callersEvaluation(args.caller, args.input.evaluationId))
    .returning({ token: evaluations.shareToken });
  if (!row) throw evaluationNotFound();
  args.ctx.log.info("evaluation shared", { evaluationId: args.input.evaluationId });
  return { url: shareUrl(args.ctx, row.token)! };
}

/** Turns the link off: whoever has it gets "not found" from now on. */
export async function unshareEvaluation(args: EvaluationArgs): Promise<EvaluationShare> {
  requireRole(args.caller, "run");
  const [row] = await args.ctx.db
    .update(evaluations)
    .set({ shareToken: null })
    .where(callersEvaluation(args.caller, args.input.evaluationId))
    .returning({ id: evaluations.id });
  if (!row) throw evaluationNotFound();
  args.ctx.log.info("evaluation unshared", { evaluationId: args.input.evaluationId });
  return { url: null };
}

/** The report's share link, or null. */
export async function getEvaluationShare({ ctx, caller, input }: EvaluationArgs): Promise<EvaluationShare> {
  requireScope(caller, "read");
  const evaluation = await ownEvaluation(ctx.db, caller, input.evaluationId);
  return { url: shareUrl(ctx, evaluation.shareToken) };
}

/** GET /shared/evaluations/{token}: the report for whoever has the link; unknown or revoked: not found. */
export async function getSharedEvaluation({ ctx, input }: VerbArgs<{ token: string }>): Promise<SharedEvaluation> {
  if (!SHARE_TOKEN_PATTERN.test(input.token)) throw linkGone();
  const [evaluation] = await ctx.db.select().from(evaluations).where(eq(evaluations.shareToken, input.token));
  if (!evaluation) throw linkGone();
  return sharedEvaluationToApi(ctx.db, evaluation);
}

/** Whether an evaluation's share link works (for its page's HTTP status): a well-formed token some evaluation has. */
export async function sharedEvaluationExists({ ctx, input }: VerbArgs<{ token: string }>): Promise<boolean> {
  if (!SHARE_TOKEN_PATTERN.test(input.token)) return false;
  const [row] = await ctx.db.select({ id: evaluations.id }).from(evaluations).where(eq(evaluations.shareToken, input.token));
  return row !== undefined;
}
