import { z } from "zod";

/** Resource: usage, what runs were charged (the credits page's Usage History). */
export const USAGE_DAYS = { min: 1, max: 366, default: 30 } as const;
export const USAGE_TIME_ZONE_MESSAGE = "time_zone must be a time zone name such as Europe/Paris or UTC";

/** A name the platform's time zone database knows (IANA, e.g. "America/New_York", or "UTC"). */
export function isTimeZoneName(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** GET /usage?days=30&time_zone=Europe/Paris */
export const usageQuerySchema = z.object({
  days: z.coerce
    .number({ error: `days must be a whole number from ${USAGE_DAYS.min} to ${USAGE_DAYS.max}` })
    .int({ error: `days must be a whole number from ${USAGE_DAYS.min} to ${USAGE_DAYS.max}` })
    .min(USAGE_DAYS.min, { error: `days must be a whole number from ${USAGE_DAYS.min} to ${USAGE_DAYS.max}` })
    .max(USAGE_DAYS.max, { error: `days must be a whole number from ${USAGE_DAYS.min} to ${USAGE_DAYS.max}` })
    .default(USAGE_DAYS.default)
    .meta({ description: `How many days back, today included (default ${USAGE_DAYS.default}).` }),
  time_zone: z
    .string()
    .refine(isTimeZoneName, { error: USAGE_TIME_ZONE_MESSAGE })
    .default("UTC")
    .meta({ description: "The time zone whose calendar days group the runs (default UTC)." }),
});
export type UsageQuery = z.output<typeof usageQuerySchema>;

const usageFigures = {
  runs: z.number().int().meta({ description: "Runs charged (a free prompt or credits)." }),
  free_prompts: z.number().int().meta({ description: "Free prompts used." }),
  credits: z.number().int().meta({ description: "Credit units charged (1/10,000 dollar)." }),
  execution_time: z.number().meta({ description: "Seconds of execution of those runs." }),
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
};

export const usageDaySchema = z.object({
  date: z.string().meta({ description: "The calendar day in time_zone, YYYY-MM-DD." }),
  ...usageFigures,
});
export type UsageDay = z.infer<typeof usageDaySchema>;

export const usageSchema = z.object({
  days: z.number().int(),
  time_zone: z.string(),
  /** First and last day of the period (YYYY-MM-DD in time_zone). */
  from: z.string(),
  to: z.string(),
  totals: z.object(usageFigures),
  /** Days with charged runs, newest first. */
  per_day: z.array(usageDaySchema),
});
export type Usage = z.infer<typeof usageSchema>;
