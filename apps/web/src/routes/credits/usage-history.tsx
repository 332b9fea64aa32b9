import { useId, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { UsageDay } from "@errand/contract";
import { browserTimeZone, usageQueryOptions } from "../../api/usage";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Label } from "../../components/ui/label";
import { LoadError } from "../../components/ui/load-error";
import { NativeSelect } from "../../components/ui/select";
import { Skeleton } from "../../components/ui/skeleton";
import { formatRunCredits, formatRunDuration } from "../../lib/runs/run-display";
import { cn } from "../../components/ui/cn";
import { dateTimeFormat } from "../../lib/format/intl-cache";

const PERIODS = [7, 30, 90] as const;
const SKELETON_ROWS = 3;
const cell = "px-2 py-3 whitespace-nowrap first:pl-3 last:pr-3 sm:px-4 sm:first:pl-4 sm:last:pr-4";
/** Run time makes the table too wide for a 360 px phone: it shows from 640 px. */
const wideOnly = "hidden sm:table-cell";
const COLUMNS = [
  { name: "Date", className: "" },
  { name: "Runs", className: "text-right" },
  { name: "Run time", className: `text-right ${wideOnly}` },
  { name: "Free prompts", className: "text-right" },
  { name: "Credits", className: "text-right" },
] as const;

/** "Mar 4" for a calendar day ("2026-03-04") as the server grouped it (with the year if not this one). */
function dayLabel(date: string): string {
  const at = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(at.getTime())) return date;
  const thisYear = String(new Date().getFullYear()) === date.slice(0, 4);
  return dateTimeFormat(undefined, { month: "short", day: "numeric", year: thisYear ? undefined : "numeric", timeZone: "UTC" }).format(at);
}

/**
 * "Usage History": what the runs were charged, per day in the person's time zone (newest first)
 * with the period's totals, beside the purchases on /credits.
 */
export function UsageHistory({ className }: { className?: string }) {
  const headingId = useId();
  const periodId = useId();
  const [days, setDays] = useState<number>(30);
  const [timeZone] = useState(browserTimeZone);
  // Always fresh: a run may have ended since the page last asked.
  const usage = useQuery({ ...usageQueryOptions(days, timeZone), staleTime: 0 });
  const data = usage.data;

  return (
    <Card className={className}>
      <CardHeader className="flex-row flex-wrap items-end justify-between gap-3 pb-4">
        <div className="grid gap-1.5">
          <CardTitle id={headingId} className="text-lg">
            Usage History
          </CardTitle>
          <CardDescription>Runs charged per day: free prompts used and credits deducted.</CardDescription>
        </div>
        <div className="flex items-center gap-2">
          <Label htmlFor={periodId} className="text-sm text-muted-foreground">
            Period
          </Label>
          <NativeSelect id={periodId} value={days} onChange={(event) => setDays(Number(event.target.value))} className="w-40 sm:h-9">
            {PERIODS.map((period) => (
              <option key={period} value={period}>
                Last {period} days
              </option>
            ))}
          </NativeSelect>
        </div>
      </CardHeader>
      <CardContent className="px-0 pb-2 sm:px-0">
        {usage.isError ? (
          <LoadError
            message="Your usage could not be loaded."
            onRetry={() => void usage.refetch()}
            retrying={usage.isFetching}
            className="justify-center px-6 py-10"
          />
        ) : (
          // Fits a 360 px phone; scrolls inside its card (focusable for keyboards) if a font makes it wider.
          <div className="overflow-x-auto" role="region" aria-labelledby={headingId} tabIndex={0}>
            <table className="w-full text-sm" aria-labelledby={headingId} aria-busy={usage.isPending}>
              <thead className="border-y bg-muted/50 text-left text-xs font-medium tracking-wide text-muted-foreground uppercase">
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column.name} scope="col" className={cn(cell, "whitespace-normal", column.className)}>
                      {column.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {!data ? (
                  Array.from({ length: SKELETON_ROWS }, (_, index) => (
                    <tr key={index} className="border-b last:border-0">
                      {COLUMNS.map((column) => (
                        <td key={column.name} className={cn(cell, column.className)}>
                          <Skeleton className={cn("h-4", column.name === "Date" ? "w-20" : "ml-auto w-10")} />
                        </td>
                      ))}
                    </tr>
                  ))
                ) : data.per_day.length === 0 ? (
                  <tr>
                    <td colSpan={COLUMNS.length} className="px-4 py-10 text-center text-muted-foreground">
                      No runs charged in the last {data.days} days
                    </td>
                  </tr>
                ) : (
                  data.per_day.map((day) => <UsageRow key={day.date} day={day} />)
                )}
              </tbody>
              {data && data.per_day.length > 0 ? (
                <tfoot className="border-t bg-muted/30 font-semibold">
                  <UsageRow day={{ ...data.totals, date: "" }} label="Total" />
                </tfoot>
              ) : null}
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function UsageRow({ day, label }: { day: UsageDay; label?: string }) {
  const Head = label ? "th" : "td";
  return (
    <tr className="border-b last:border-0">
      <Head scope={label ? "row" : undefined} className={cn(cell, "text-left")}>
        {label ?? <time dateTime={day.date}>{dayLabel(day.date)}</time>}
      </Head>
      <td className={cn(cell, "text-right tabular-nums")}>{day.runs}</td>
      <td className={cn(cell, "text-right tabular-nums", wideOnly)}>{formatRunDuration(day.execution_time)}</td>
      <td className={cn(cell, "text-right tabular-nums")}>{day.free_prompts}</td>
      <td className={cn(cell, "text-right tabular-nums")}>{formatRunCredits(day.credits)}</td>
    </tr>
  );
}
