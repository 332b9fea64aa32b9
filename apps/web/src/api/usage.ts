import { queryOptions } from "@tanstack/react-query";
import type { Usage, UsageGroupBy } from "@errand/contract";
import { apiFileText } from "./http";
import { callOperation, operationUrl } from "./operation";

// Imports the contract's zod schemas: only the lazy signed-in pages may import this module.

export const usageKeys = {
  all: ["usage"] as const,
  period: (days: number, timeZone: string, groupBy: UsageGroupBy = "day") => ["usage", days, timeZone, groupBy] as const,
};

/** The browser's time zone ("Europe/Paris"), so days start at the person's midnight. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** GET /usage: the runs charged over the last `days` days, per day and in total, and per group when asked. */
export function getUsage(days: number, timeZone: string, groupBy: UsageGroupBy = "day", signal?: AbortSignal): Promise<Usage> {
  return callOperation("getUsage", { query: { days, time_zone: timeZone, group_by: groupBy }, signal });
}

export const usageQueryOptions = (days: number, timeZone: string, groupBy: UsageGroupBy = "day") =>
  queryOptions({ queryKey: usageKeys.period(days, timeZone, groupBy), queryFn: ({ signal }) => getUsage(days, timeZone, groupBy, signal) });

/** GET /usage?format=csv: the file's text and name, fetched in the chosen workspace (a plain link would not send it). */
export function getUsageCsv(days: number, timeZone: string, groupBy: UsageGroupBy): Promise<{ text: string; fileName: string | null }> {
  return apiFileText(operationUrl("getUsage", undefined, { days, time_zone: timeZone, group_by: groupBy, format: "csv" }));
}
