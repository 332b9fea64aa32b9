import type { ApprovalReply } from "@errand/contract";
import { tasksRuns } from "@errand/db";
import { eq, sql } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";

/** The person's answer to the run's pending action, taken once (the worker polls it); null while none was given. */
export async function takeApprovalReply({ ctx, input }: VerbArgs<{ runId: string }>): Promise<ApprovalReply | null> {
  // The row as it was before the update: an answer is handed to exactly one poll.
  const rows = await ctx.db.execute<{ reply: ApprovalReply | null }>(sql`
    update ${tasksRuns} set "approval_reply" = null
    from (select "id", "approval_reply" as reply from ${tasksRuns} where "id" = ${input.runId} for update) as "before"
    where ${tasksRuns.id} = "before"."id" and "before".reply is not null
    returning "before".reply`);
  return rows.rows[0]?.reply ?? null;
}

/** The wait is over (answered, timed out or cancelled): the run no longer shows an action waiting. */
export async function closeApproval({ ctx, input }: VerbArgs<{ runId: string }>): Promise<void> {
  await ctx.db.update(tasksRuns).set({ pendingApproval: null, approvalReply: null }).where(eq(tasksRuns.id, input.runId));
}
