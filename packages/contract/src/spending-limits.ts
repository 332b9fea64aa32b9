import { z } from "zod";
import { formatUsd } from "./run-limits.ts";

/**
 * Resource: a workspace's monthly spending limit (docs/adr/0037-spending-limits.md). Spend is
 * what runs were charged plus their model spend, this calendar month in UTC.
 */
export const MONTHLY_LIMIT_USD_MAX = 1_000_000;
export const DEFAULT_ALERT_THRESHOLDS = [50, 80, 100] as const;
export const MAX_ALERT_THRESHOLDS = 5;

export const spendingLimitInputSchema = z.object({
  monthly_usd: z
    .number({ error: "monthly_usd must be a number of dollars, or null for no limit" })
    .min(1, { error: `monthly_usd must be between 1 and ${MONTHLY_LIMIT_USD_MAX}` })
    .max(MONTHLY_LIMIT_USD_MAX, { error: `monthly_usd must be between 1 and ${MONTHLY_LIMIT_USD_MAX}` })
    .nullable()
    .meta({ description: "The most this workspace may spend in a calendar month (UTC), in dollars; null removes the limit." }),
  alert_thresholds: z
    .array(
      z
        .number({ error: "alert_thresholds must be percentages from 1 to 100" })
        .int({ error: "alert_thresholds must be whole percentages" })
        .min(1, { error: "alert_thresholds must be percentages from 1 to 100" })
        .max(100, { error: "alert_thresholds must be percentages from 1 to 100" }),
    )
    .max(MAX_ALERT_THRESHOLDS, { error: `alert_thresholds may name at most ${MAX_ALERT_THRESHOLDS} percentages` })
    .refine((v) => new Set(v).size === v.length, { error: "alert_thresholds must not name a percentage twice" })
    .default([...DEFAULT_ALERT_THRESHOLDS])
    .meta({
      description: "Percentages of the limit at which owners and admins are e-mailed and budget.threshold is sent, once a month each.",
    }),
});
export type SpendingLimitInput = z.output<typeof spendingLimitInputSchema>;

export const spendingLimitSchema = z.object({
  monthly_usd: z.number().nullable(),
  alert_thresholds: z.array(z.number().int()),
  month: z.string().meta({ description: 'The calendar month spend is counted in (UTC), e.g. "2026-11".' }),
  spent_usd: z.number().meta({ description: "This month's spend so far: charges plus model spend of the runs that ended." }),
});
export type SpendingLimit = z.infer<typeof spendingLimitSchema>;

/** Why a new run is refused (402) once the month's spend reached the limit. */
export const spendingLimitReachedMessage = (usd: number) =>
  `This workspace reached its monthly spending limit of ${formatUsd(usd)}. Runs already going on finish; an owner or admin can raise the limit on the Credits page.`;
