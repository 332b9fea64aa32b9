import { CREDIT_UNITS_PER_DOLLAR, type Usage, type UsageQuery } from "@errand/contract";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { getUsage } from "./get-usage.ts";

/** A usage export: the file's name and its text. */
export interface UsageCsv {
  filename: string;
  csv: string;
}

type Figures = Usage["totals"];

/** The first columns of each view: what a row is about. */
const LEAD_COLUMNS: Record<UsageQuery["group_by"], string[]> = {
  day: ["date"],
  member: ["user_id", "email"],
  api_key: ["api_key_id", "api_key_name"],
  tag: ["tag"],
  failure_kind: ["failure_kind", "label"],
};
const FIGURE_COLUMNS = ["runs", "free_prompts", "execution_seconds", "charged_usd", "model_spend_usd", "input_tokens", "output_tokens"];

/**
 * GET /usage?format=csv: the rows of the view asked for (per day, member, API key or tag) as a
 * CSV file for a spreadsheet (docs/adr/0039-usage-by-member-key-and-tag.md): RFC 4180, a header
 * row, CRLF line ends, money in dollars.
 */
export async function getUsageCsv(args: CallerVerbArgs<UsageQuery>): Promise<UsageCsv> {
  requireScope(args.caller, "read");
  const usage = await getUsage(args);
  const by = usage.group_by;
  const rows: string[][] =
    by === "day"
      ? usage.per_day.map((day) => [day.date, ...figureCells(day)])
      : (usage.groups ?? []).map((group) => [...(by === "tag" ? [group.name] : [group.id ?? "", group.name]), ...figureCells(group)]);
  const lines = [[...LEAD_COLUMNS[by], ...FIGURE_COLUMNS], ...rows].map((cells) => cells.map(csvCell).join(","));
  return { filename: `errand-usage-by-${by.replace("_", "-")}-${usage.from}-to-${usage.to}.csv`, csv: `${lines.join("\r\n")}\r\n` };
}

function figureCells(figures: Figures): string[] {
  return [
    String(figures.runs),
    String(figures.free_prompts),
    String(figures.execution_time),
    dollars(figures.credits),
    dollars(figures.model_cost),
    String(figures.input_tokens),
    String(figures.output_tokens),
  ];
}

/** Credit units as dollars to the unit (1/10,000 dollar): "0.0069". */
function dollars(units: number): string {
  return (units / CREDIT_UNITS_PER_DOLLAR).toFixed(4);
}

/**
 * One field, RFC 4180: quoted (quotes doubled) when it holds a comma, quote or line break. A
 * field a spreadsheet would read as a formula (= + - @ first, as a key's name could be) gets a
 * leading apostrophe, so opening the file runs nothing (OWASP's advice on CSV injection).
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
