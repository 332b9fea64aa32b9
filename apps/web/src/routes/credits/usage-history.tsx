import { useId, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { USAGE_GROUPS, type UsageGroupBy } from "@errand/contract";
import { browserTimeZone, getUsageCsv, usageQueryOptions } from "../../api/usage";
import { BusyButton } from "../../components/ui/busy-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Label } from "../../components/ui/label";
import { LoadError } from "../../components/ui/load-error";
import { useFileDownload } from "../../components/ui/use-file-download";
import { NativeSelect } from "../../components/ui/select";
import { UsageTable, usageLines } from "./usage-table";

const PERIODS = [7, 30, 90] as const;
const GROUP_OPTIONS: Record<UsageGroupBy, string> = {
  day: "Day",
  member: "Member",
  api_key: "API key",
  tag: "Tag",
  failure_kind: "Failure kind",
};
const DESCRIPTIONS: Record<UsageGroupBy, string> = {
  day: "Runs charged per day: free prompts used and credits deducted.",
  member: "Runs charged per member of this workspace over the period.",
  api_key: "Runs charged per API key that started them over the period.",
  tag: "Runs charged per task tag over the period. A run with two tags counts in both.",
  failure_kind: "Runs charged per reason they did not succeed over the period; succeeded runs are one group.",
};

/**
 * "Usage History": what the runs were charged, per day in the person's time zone (newest first)
 * or per member, API key or tag, with the period's totals and a CSV download, beside the
 * purchases on /credits (docs/adr/0039-usage-by-member-key-and-tag.md).
 */
export function UsageHistory({ className }: { className?: string }) {
  const headingId = useId();
  const [days, setDays] = useState<number>(30);
  const [groupBy, setGroupBy] = useState<UsageGroupBy>("day");
  const [timeZone] = useState(browserTimeZone);
  // Always fresh: a run may have ended since the page last asked.
  const usage = useQuery({ ...usageQueryOptions(days, timeZone, groupBy), staleTime: 0 });
  const data = usage.data;

  return (
    <Card className={className}>
      <CardHeader className="flex-row flex-wrap items-end justify-between gap-3 pb-4">
        <div className="grid gap-1.5">
          <CardTitle id={headingId} className="text-lg">
            Usage History
          </CardTitle>
          <CardDescription>{DESCRIPTIONS[groupBy]}</CardDescription>
        </div>
        <UsageControls days={days} onDays={setDays} groupBy={groupBy} onGroupBy={setGroupBy} timeZone={timeZone} />
      </CardHeader>
      <CardContent className="px-0 pb-2 sm:px-0">
        {usage.isError ? (
          <LoadError message="Your usage could not be loaded." query={usage} className="justify-center px-6 py-10" />
        ) : (
          <UsageTable
            groupBy={groupBy}
            lines={data ? usageLines(data) : undefined}
            totals={data?.totals}
            headingId={headingId}
            busy={usage.isPending}
            empty={`No runs charged in the last ${data?.days ?? days} days`}
          />
        )}
      </CardContent>
    </Card>
  );
}

/** The period, the grouping, and the CSV of what they show. */
function UsageControls(props: {
  days: number;
  onDays: (days: number) => void;
  groupBy: UsageGroupBy;
  onGroupBy: (groupBy: UsageGroupBy) => void;
  timeZone: string;
}) {
  const periodId = useId();
  const groupId = useId();
  const download = useFileDownload({
    fetch: () => getUsageCsv(props.days, props.timeZone, props.groupBy),
    fallbackName: "errand-usage.csv",
    what: "Your usage",
  });

  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="grid gap-1">
        <Label htmlFor={periodId} className="text-sm text-muted-foreground">
          Period
        </Label>
        <NativeSelect
          id={periodId}
          value={props.days}
          onChange={(event) => props.onDays(Number(event.target.value))}
          className="w-40 sm:h-9"
        >
          {PERIODS.map((period) => (
            <option key={period} value={period}>
              Last {period} days
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1">
        <Label htmlFor={groupId} className="text-sm text-muted-foreground">
          Group by
        </Label>
        <NativeSelect
          id={groupId}
          value={props.groupBy}
          onChange={(event) => props.onGroupBy(event.target.value as UsageGroupBy)}
          className="w-32 sm:h-9"
        >
          {USAGE_GROUPS.map((group) => (
            <option key={group} value={group}>
              {GROUP_OPTIONS[group]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <BusyButton variant="outline" className="sm:h-9" busy={download.busy} icon={<Download aria-hidden />} onClick={() => download.run()}>
        Download CSV
      </BusyButton>
    </div>
  );
}
