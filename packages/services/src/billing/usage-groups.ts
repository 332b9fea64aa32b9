import {
  FAILURE_KIND_LABELS,
  USAGE_DELETED_MEMBER_NAME,
  USAGE_NO_KEY_NAME,
  USAGE_SUCCEEDED_NAME,
  USAGE_UNTAGGED_NAME,
  type FailureKind,
  type UsageGroup,
  type UsageGroupBy,
} from "@errand/contract";
import { sql, type SQL } from "drizzle-orm";
import type { ServiceContext } from "../context.ts";
import { countedRuns, USAGE_FIGURES_SQL, usageFigures, type UsageFigureRow } from "./usage-figures.ts";

interface GroupRow extends UsageFigureRow {
  id: string | null;
  name: string | null;
}

/**
 * Each grouping as the id and name of a ledger row's group, and the joins that find them. Who
 * and which key come from the ledger row, copied when the run settled, so a deleted task's runs
 * keep theirs (docs/adr/0039-usage-by-member-key-and-tag.md). A run with two tags is one row per
 * tag: it counts in both.
 */
const GROUPINGS: Record<Exclude<UsageGroupBy, "day">, { id: SQL; name: SQL; join: SQL }> = {
  member: { id: sql`l.user_id`, name: sql`u.email`, join: sql`left join users u on u.id = l.user_id` },
  api_key: { id: sql`l.api_key_id`, name: sql`k.name`, join: sql`left join api_keys k on k.id = l.api_key_id` },
  tag: {
    id: sql`g.tag`,
    name: sql`g.tag`,
    join: sql`cross join lateral unnest(case when cardinality(l.tags) = 0 then array[null]::text[] else l.tags end) as g(tag)`,
  },
  // Named by the kind's label (nameWithoutId); null: the runs that succeeded.
  failure_kind: { id: sql`l.failure_kind`, name: sql`null::text`, join: sql`` },
};

/**
 * The runs counted (countedRuns) in the workspace from `from` (a calendar day of `timeZone`, the period
 * getUsage computed) summed per member, API key or tag, highest charge first. Same runs and
 * figures as the per-day rows.
 */
export async function usageGroups(
  ctx: ServiceContext,
  workspaceId: string,
  input: { from: string; timeZone: string; by: Exclude<UsageGroupBy, "day"> },
): Promise<UsageGroup[]> {
  const grouping = GROUPINGS[input.by];
  const result = await ctx.db.execute<GroupRow>(sql`
    select
      ${grouping.id} as id,
      ${grouping.name} as name,
      ${USAGE_FIGURES_SQL}
    from credit_ledger l
    left join tasks_runs r on r.id = l.run_id
    ${grouping.join}
    where l.workspace_id = ${workspaceId}
      and ${countedRuns(ctx.config.billingEnabled)}
      and l.created_at >= (${input.from}::date::timestamp at time zone ${input.timeZone})
    group by 1, 2
    order by credits desc, model_cost desc, runs desc, 2 nulls first
  `);
  return result.rows.map((row) => ({
    id: row.id,
    name: row.name ?? nameWithoutId(input.by, row.id),
    ...usageFigures(row),
  }));
}

/** The name shown when the group has none: no named key, no tag, a kind's label, a member whose account was deleted. */
function nameWithoutId(by: Exclude<UsageGroupBy, "day">, id: string | null): string {
  if (by === "api_key") return USAGE_NO_KEY_NAME;
  if (by === "tag") return USAGE_UNTAGGED_NAME;
  if (by === "failure_kind") return id ? FAILURE_KIND_LABELS[id as FailureKind] : USAGE_SUCCEEDED_NAME;
  return id ?? USAGE_DELETED_MEMBER_NAME;
}
