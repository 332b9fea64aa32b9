import type { RunMessageList } from "@errand/contract";
import { runMessages, tasksRuns } from "@errand/db";
import { asc, eq } from "drizzle-orm";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { ownRun } from "../runs/own-run.ts";
import { runMessageToApi } from "./to-api.ts";

/** GET /runs/{id}/messages: what people told the run's agent, oldest first, each with the step that read it. */
export async function listRunMessages({ ctx, caller, input }: CallerVerbArgs<{ runId: string }>): Promise<RunMessageList> {
  requireScope(caller, "read");
  const run = await ownRun(ctx.db, caller, input.runId, { id: tasksRuns.id });
  const rows = await ctx.db.select().from(runMessages).where(eq(runMessages.taskRunId, run.id)).orderBy(asc(runMessages.createdAt));
  return { messages: rows.map(runMessageToApi) };
}
