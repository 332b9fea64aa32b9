import type { Usage, UsageGroupBy } from "@errand/contract";
import { Skeleton } from "../../components/ui/skeleton";
import { cn } from "../../components/ui/cn";
import { dateTimeFormat } from "../../lib/format/intl-cache";
import { formatRunCredits, formatRunDuration } from "../../lib/runs/run-display";

type Figures = Usage["totals"];
/** One line of the table: a day or a group, with its figures. */
export interface UsageLine extends Figures {
  key: string;
  /** A day ("2026-03-04"), shown as a date; else the group's name as is. */
  date?: string;
  name: string;
}

/** What the first column holds in each view. */
export const GROUP_HEADINGS: Record<UsageGroupBy, string> = {
  day: "Date",
  member: "Member",
  api_key: "API key",
  tag: "Tag",
  failure_kind: "Failure kind",
};

const SKELETON_ROWS = 3;
const cell = "px-2 py-3 first:pl-3 last:pr-3 sm:px-4 sm:first:pl-4 sm:last:pr-4";
/** Run time and model spend make the table too wide for a 360 px phone: they show from 640 px. */
const wideOnly = "hidden sm:table-cell";
const FIGURE_COLUMNS = [
  { name: "Runs", className: "text-right", value: (f: Figures) => String(f.runs) },
  { name: "Run time", className: `text-right ${wideOnly}`, value: (f: Figures) => formatRunDuration(f.execution_time) },
  { name: "Free prompts", className: "text-right", value: (f: Figures) => String(f.free_prompts) },
  { name: "Credits", className: "text-right", value: (f: Figures) => formatRunCredits(f.credits) },
  { name: "Model spend", className: `text-right ${wideOnly}`, value: (f: Figures) => formatRunCredits(f.model_cost) },
] as const;

/** "Mar 4" for a calendar day ("2026-03-04") as the server grouped it (with the year if not this one). */
function dayLabel(date: string): string {
  const at = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(at.getTime())) return date;
  const thisYear = String(new Date().getFullYear()) === date.slice(0, 4);
  return dateTimeFormat(undefined, { month: "short", day: "numeric", year: thisYear ? undefined : "numeric", timeZone: "UTC" }).format(at);
}

/** The view's lines: days (newest first) or groups (highest charge first). */
export function usageLines(usage: Usage): UsageLine[] {
  if (usage.group_by === "day") return usage.per_day.map((day) => ({ ...day, key: day.date, name: day.date }));
  return (usage.groups ?? []).map((group) => ({ ...group, key: group.id ?? `none:${group.name}`, name: group.name }));
}

/**
 * The usage lines as a table. Days fit a 360 px phone with the narrow columns; a group's name
 * (an e-mail, a key's name) may be long, so below 640 px groups are stacked, one block each.
 */
export function UsageTable({
  groupBy,
  lines,
  totals,
  headingId,
  busy,
  empty,
}: {
  groupBy: UsageGroupBy;
  lines: UsageLine[] | undefined;
  totals: Figures | undefined;
  headingId: string;
  busy: boolean;
  empty: string;
}) {
  const stackOnPhones = groupBy !== "day";
  const columns = [{ name: GROUP_HEADINGS[groupBy], className: "" }, ...FIGURE_COLUMNS];
  return (
    <>
      {/* Scrolls inside its card (focusable for keyboards) if a font makes it wider. */}
      <div
        className={cn("overflow-x-auto", stackOnPhones && lines?.length ? "hidden sm:block" : "")}
        role="region"
        aria-labelledby={headingId}
        tabIndex={0}
      >
        <table className="w-full text-sm" aria-labelledby={headingId} aria-busy={busy}>
          <thead className="border-y bg-muted/50 text-left text-xs font-medium tracking-wide text-muted-foreground uppercase">
            <tr>
              {columns.map((column) => (
                <th key={column.name} scope="col" className={cn(cell, "whitespace-normal", column.className)}>
                  {column.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {!lines ? (
              Array.from({ length: SKELETON_ROWS }, (_, index) => (
                <tr key={index} className="border-b last:border-0">
                  {columns.map((column, at) => (
                    <td key={column.name} className={cn(cell, column.className)}>
                      <Skeleton className={cn("h-4", at === 0 ? "w-20" : "ml-auto w-10")} />
                    </td>
                  ))}
                </tr>
              ))
            ) : lines.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-4 py-10 text-center text-muted-foreground">
                  {empty}
                </td>
              </tr>
            ) : (
              lines.map((line) => <UsageRow key={line.key} line={line} />)
            )}
          </tbody>
          {totals && lines && lines.length > 0 ? (
            <tfoot className="border-t bg-muted/30 font-semibold">
              <UsageRow line={{ ...totals, key: "total", name: "Total" }} total />
            </tfoot>
          ) : null}
        </table>
      </div>
      {stackOnPhones && lines?.length ? <StackedLines lines={lines} totals={totals} headingId={headingId} /> : null}
    </>
  );
}

function UsageRow({ line, total }: { line: UsageLine; total?: boolean }) {
  const Head = total ? "th" : "td";
  return (
    <tr className="border-b last:border-0">
      <Head scope={total ? "row" : undefined} className={cn(cell, "text-left break-all")}>
        {line.date ? <time dateTime={line.date}>{dayLabel(line.date)}</time> : line.name}
      </Head>
      {FIGURE_COLUMNS.map((column) => (
        <td key={column.name} className={cn(cell, "text-right whitespace-nowrap tabular-nums", column.className)}>
          {column.value(line)}
        </td>
      ))}
    </tr>
  );
}

/** Below 640 px: each group as a block with its name over its figures, then the totals. */
function StackedLines({ lines, totals, headingId }: { lines: UsageLine[]; totals: Figures | undefined; headingId: string }) {
  return (
    <ul className="divide-y border-y sm:hidden" aria-labelledby={headingId}>
      {lines.map((line) => (
        <StackedLine key={line.key} name={line.name} figures={line} />
      ))}
      {totals ? <StackedLine name="Total" figures={totals} className="bg-muted/30 font-semibold" /> : null}
    </ul>
  );
}

function StackedLine({ name, figures, className }: { name: string; figures: Figures; className?: string }) {
  return (
    <li className={cn("grid gap-2 px-4 py-3 text-sm", className)}>
      <span className="font-medium break-all">{name}</span>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1">
        {FIGURE_COLUMNS.map((column) => (
          <div key={column.name} className="flex justify-between gap-2">
            <dt className="text-muted-foreground">{column.name}</dt>
            <dd className="tabular-nums">{column.value(figures)}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
