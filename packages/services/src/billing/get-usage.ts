import { USAGE_TIME_ZONE_MESSAGE, type Usage, type UsageQuery } from "@errand/contract";
import { sql } from "drizzle-orm";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { invalid } from "../errors.ts";
import { countedRuns, USAGE_FIGURES_SQL, usageFigures, type UsageFigureRow } from "./usage-figures.ts";
import { usageGroups } from "./usage-groups.ts";

interface DayRow extends UsageFigureRow {
  date: string;
}

/**
 * Usage History: the runs charged (a free prompt or credits) in the last `days` calendar days of
 * `time_zone`, today included, summed per day (newest first) and in total. A run counts on the
 * day it was charged, which is when it ended. Runs that cost nothing are left out, unless
 * billing is off: then every run that ended counts (countedRuns). With
 * `group_by` member, api_key or tag, the same runs summed per group too (usage-groups.ts).
 */
export async function getUsage({ ctx, caller, input }: CallerVerbArgs<UsageQuery>): Promise<Usage> {
  requireScope(caller, "read");
  const { days, time_zone: tz } = input;
  let rows: DayRow[];
  let period: { from: string; to: string };
  try {
    // One statement, so "today" is the same instant for the period and the rows.
    const result = await ctx.db.execute<DayRow & { from_day: string; to_day: string }>(sql`
      with period as (
        select (now() at time zone ${tz})::date - (${days}::int - 1) as first_day, (now() at time zone ${tz})::date as last_day
      )
      select
        to_char(period.first_day, 'YYYY-MM-DD') as from_day,
        to_char(period.last_day, 'YYYY-MM-DD') as to_day,
        to_char((l.created_at at time zone ${tz})::date, 'YYYY-MM-DD') as date,
        ${USAGE_FIGURES_SQL}
      from period
      left join credit_ledger l
        on l.workspace_id = ${caller.workspaceId}
        and ${countedRuns(ctx.config.billingEnabled)}
        and l.created_at >= (period.first_day::timestamp at time zone ${tz})
      left join tasks_runs r on r.id = l.run_id
      group by period.first_day, period.last_day, 3
      order by 3 desc nulls last
    `);
    const all = result.rows;
    period = { from: all[0]!.from_day, to: all[0]!.to_day };
    rows = all.filter((row) => row.date !== null);
  } catch (error) {
    // 22023: a name Postgres' time zone database does not know (the contract checked the form).
    if (postgresCode(error) === "22023") throw invalid([{ path: "time_zone", message: USAGE_TIME_ZONE_MESSAGE }]);
    throw error;
  }

  const perDay = rows.map((row) => ({ date: row.date, ...usageFigures(row) }));
  const sum = (key: Exclude<keyof (typeof perDay)[number], "date">) => perDay.reduce((total, day) => total + day[key], 0);
  return {
    days,
    time_zone: tz,
    ...period,
    totals: {
      runs: sum("runs"),
      free_prompts: sum("free_prompts"),
      credits: sum("credits"),
      execution_time: Math.round(sum("execution_time") * 100) / 100,
      input_tokens: sum("input_tokens"),
      output_tokens: sum("output_tokens"),
      model_cost: sum("model_cost"),
    },
    per_day: perDay,
    group_by: input.group_by,
    ...(input.group_by === "day"
      ? {}
      : { groups: await usageGroups(ctx, caller.workspaceId, { ...period, timeZone: tz, by: input.group_by }) }),
  };
}

/** The SQLSTATE of a Postgres error, also when the driver's error is wrapped (drizzle's `cause`). */
function postgresCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}
