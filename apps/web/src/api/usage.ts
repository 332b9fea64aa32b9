import { queryOptions } from "@tanstack/react-query";
import { accountOperations, type Usage } from "@errand/contract";
import { callOperation } from "./operation";

// Imports the contract's zod schemas: only the lazy signed-in pages may import this module.

export const usageKeys = { all: ["usage"] as const, period: (days: number, timeZone: string) => ["usage", days, timeZone] as const };

/** The browser's time zone ("Europe/Paris"), so days start at the person's midnight. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** GET /usage: the runs charged over the last `days` days, per day and in total. */
export function getUsage(days: number, timeZone: string, signal?: AbortSignal): Promise<Usage> {
  return callOperation(accountOperations.getUsage, { query: { days, time_zone: timeZone }, signal });
}

export const usageQueryOptions = (days: number, timeZone: string) =>
  queryOptions({ queryKey: usageKeys.period(days, timeZone), queryFn: ({ signal }) => getUsage(days, timeZone, signal) });
