import { runMessageInputSchema, type RunMessage, type RunMessageInput } from "@errand/contract";
import { runMessages, tasksRuns } from "@errand/db";
import { eq } from "drizzle-orm";
import type { CallerVerbArgs } from "../caller.ts";
import { conflict } from "../errors.ts";
import { parseOrThrow } from "../parse-or-throw.ts";
import { ownRun } from "../runs/own-run.ts";
import { requireRole } from "../workspaces/roles.ts";
import { runMessageToApi } from "./to-api.ts";

/**
 * POST /runs/{id}/messages: tells a run's agent something (docs/adr/0049-messages-and-allowed-domains.md).
 * It reads it before its next step; an ended run refuses it with the reason. The run's row is
 * locked while the message is written, so a run ending meanwhile cannot leave it unread unnoticed.
 */
export async function sendRunMessage({
  ctx,
  caller,
  input,
}: CallerVerbArgs<{ runId: string; message: RunMessageInput }>): Promise<RunMessage> {
  requireRole(caller, "run");
  const { text } = parseOrThrow(runMessageInputSchema, input.message);
  const run = await ownRun(ctx.db, caller, input.runId, { id: tasksRuns.id });
  return ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select({ status: tasksRuns.status }).from(tasksRuns).where(eq(tasksRuns.id, run.id)).for("update");
    if (locked && locked.status !== "pending") throw conflict(endedReason(locked.status));
    const [row] = await tx.insert(runMessages).values({ taskRunId: run.id, userId: caller.userId, text }).returning();
    return runMessageToApi(row!);
  });
}

/** Why a message cannot reach this run any more. */
export function endedReason(status: string): string {
  return `The run has already ended (${status}): its agent can no longer read messages.`;
}
