import { batches, batchRows, tasksRuns } from "@errand/db";
import { asc, eq } from "drizzle-orm";
import type { CallerVerbArgs } from "../caller.ts";
import { csvCell } from "../billing/usage-csv.ts";
import { runPageUrl } from "../webhooks/prepare-webhook.ts";
import { requireRole } from "../workspaces/roles.ts";
import { ownBatch } from "./own-batch.ts";

/** One line of the results: the row's inputs, how it went, its run, and its answer's fields. */
export type ResultLine = Record<string, string | null>;
export interface BatchResults {
  columns: string[];
  rows: ResultLine[];
}

const ROW_COLUMNS = ["row", "outcome", "verdict", "run_id", "run_url"];

/**
 * GET /batches/{id}/results: one table of rows by answer fields (docs/adr/0041-batches.md). A
 * JSON answer's leaves become columns named by their path (`price.amount`, `items.0.name`), in the
 * order they are first met; any other answer is the column `result`. The inputs come first, each
 * row is linked to its run.
 */
export async function getBatchResults({ ctx, caller, input }: CallerVerbArgs<{ batchId: string }>): Promise<BatchResults> {
  requireRole(caller, "read");
  const batch = await ownBatch(ctx.db, caller, input.batchId, { id: batches.id, taskId: batches.taskId, inputs: batches.inputs });
  const found = await ctx.db
    .select({ row: batchRows, result: tasksRuns.result, verification: tasksRuns.verification })
    .from(batchRows)
    .leftJoin(tasksRuns, eq(tasksRuns.id, batchRows.runId))
    .where(eq(batchRows.batchId, batch.id))
    .orderBy(asc(batchRows.index));
  const answerColumns = new Set<string>();
  const rows = found.map(({ row, result, verification }) => {
    const answer = answerFields(result);
    for (const name of Object.keys(answer)) answerColumns.add(name);
    const line: ResultLine = {
      row: String(row.index + 1),
      ...row.params,
      outcome: row.outcome ?? (row.runId ? "running" : "waiting"),
      verdict: verification?.verdict ?? null,
      run_id: row.runId,
      run_url: row.runId ? runPageUrl(ctx, { id: row.runId, task_id: batch.taskId }) : null,
    };
    return { ...line, ...prefixed(answer, line) };
  });
  const [first, ...rest] = ROW_COLUMNS;
  const columns = [first!, ...batch.inputs, ...rest, ...[...answerColumns].map((c) => answerColumn(c, batch.inputs))];
  return { columns, rows: rows.map((r) => Object.fromEntries(columns.map((c) => [c, r[c] ?? null]))) };
}

/** The results as CSV (RFC 4180, header row, CRLF; cells a spreadsheet would run as formulas are defused). */
export async function getBatchResultsCsv(args: CallerVerbArgs<{ batchId: string }>): Promise<{ filename: string; csv: string }> {
  const { columns, rows } = await getBatchResults(args);
  const lines = [columns, ...rows.map((r) => columns.map((c) => r[c] ?? ""))].map((cells) => cells.map(csvCell).join(","));
  return { filename: `errand-batch-${args.input.batchId}.csv`, csv: `${lines.join("\r\n")}\r\n` };
}

/** The answer's fields: a JSON object's leaves by dotted path, else the whole answer as `result`. */
function answerFields(result: string | null): Record<string, string> {
  if (result === null) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(result);
  } catch {
    return { result };
  }
  if (parsed === null || typeof parsed !== "object") return { result };
  const fields: Record<string, string> = {};
  flatten(parsed, "", fields);
  return fields;
}

function flatten(value: unknown, path: string, into: Record<string, string>): void {
  if (value !== null && typeof value === "object") {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    if (!entries.length && path) into[path] = JSON.stringify(value);
    for (const [key, inner] of entries) flatten(inner, path ? `${path}.${key}` : key, into);
    return;
  }
  into[path || "result"] = value === null ? "" : String(value);
}

/** An answer field named like an input or a row column is shown as `answer.<name>`. */
function answerColumn(name: string, inputs: readonly string[]): string {
  return inputs.includes(name) || ROW_COLUMNS.includes(name) ? `answer.${name}` : name;
}

function prefixed(answer: Record<string, string>, line: ResultLine): ResultLine {
  return Object.fromEntries(Object.entries(answer).map(([k, v]) => [Object.hasOwn(line, k) ? `answer.${k}` : k, v]));
}
