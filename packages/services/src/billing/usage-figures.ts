import { sql, type SQL } from "drizzle-orm";

/** What a usage row sums: the same figures per day, per group and in total. */
export interface UsageFigureRow extends Record<string, unknown> {
  runs: number;
  free_prompts: number;
  credits: number;
  execution_time: number;
  input_tokens: number;
  output_tokens: number;
  model_cost: number;
}

/**
 * The select list of those sums over credit ledger rows `l` and their runs `r`: the ledger's
 * own copies first (kept when a run is deleted), else the run's.
 */
export const USAGE_FIGURES_SQL = sql`
  count(l.id)::int as runs,
  coalesce(sum(-l.free_prompts_delta), 0)::int as free_prompts,
  coalesce(sum(-l.credits_delta), 0)::bigint as credits,
  coalesce(sum(coalesce(l.execution_seconds, r.execution_time)), 0)::float8 as execution_time,
  coalesce(sum(coalesce(l.input_tokens, r.input_tokens)), 0)::bigint as input_tokens,
  coalesce(sum(coalesce(l.output_tokens, r.output_tokens)), 0)::bigint as output_tokens,
  coalesce(sum(l.model_cost), 0)::bigint as model_cost`;

/** A row's figures as numbers (Postgres answers bigints as strings), seconds to the hundredth. */
export function usageFigures(row: UsageFigureRow) {
  return {
    runs: Number(row.runs),
    free_prompts: Number(row.free_prompts),
    credits: Number(row.credits),
    execution_time: Math.round(Number(row.execution_time) * 100) / 100,
    input_tokens: Number(row.input_tokens),
    output_tokens: Number(row.output_tokens),
    model_cost: Number(row.model_cost),
  };
}

/**
 * Which ledger rows `l` usage counts. With billing on, the runs charged (a free prompt or
 * credits); with BILLING=off nothing is charged, so every run that ended counts, with its time,
 * tokens and model spend: what a self-hoster pays the model provider for
 * (docs/adr/0039-usage-by-member-key-and-tag.md).
 */
export function countedRuns(billingEnabled: boolean): SQL {
  return billingEnabled ? sql`l.kind <> 'none'` : sql`true`;
}
