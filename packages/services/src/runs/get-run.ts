import { steps, tasksRuns, type Db } from "@errand/db";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { runNotFound } from "./own-run.ts";
import { apiRunFrom, selectApiRuns, stepToApi } from "./to-api.ts";

/**
 * The caller's run as the API shows it: the most read query of the API, built once per database
 * and prepared, so a read spends no time composing SQL (docs/adr/0055-api-reads-at-one-query.md).
 */
const preparedRunReads = new WeakMap<Db, ReturnType<typeof prepareRunRead>>();
const prepareRunRead = (db: Db) =>
  selectApiRuns(db)
    .where(and(eq(tasksRuns.id, sql.placeholder("runId")), eq(tasksRuns.workspaceId, sql.placeholder("workspaceId"))))
    .prepare("api_run_read");
function runRead(db: Db) {
  let prepared = preparedRunReads.get(db);
  if (!prepared) preparedRunReads.set(db, (prepared = prepareRunRead(db)));
  return prepared;
}

/**
 * A run with its steps after `afterStep` (oldest first), or without steps when `withSteps` is
 * false. Another user's run is "not found", never "forbidden".
 */
export async function getRun({ ctx, caller, input }: CallerVerbArgs<{ runId: string; afterStep?: number; withSteps?: boolean }>) {
  requireScope(caller, "read");
  const [selected] = await runRead(ctx.db).execute({ runId: input.runId, workspaceId: caller.workspaceId });
  if (!selected) throw runNotFound();
  const run = apiRunFrom(selected);
  const rows =
    input.withSteps === false
      ? []
      : await ctx.db
          .select()
          .from(steps)
          .where(and(eq(steps.taskRunId, run.id), gt(steps.number, input.afterStep ?? 0)))
          .orderBy(asc(steps.number));
  return { run, steps: rows.map(stepToApi) };
}
