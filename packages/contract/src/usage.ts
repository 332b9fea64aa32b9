import { z } from "zod";

/** Resource: usage, what runs were charged (the credits page's Usage History). */

/** How usage rows are grouped (docs/adr/0039-usage-by-member-key-and-tag.md; by failure kind: docs/adr/0042-failure-kinds.md). */
export const USAGE_GROUPS = ["day", "member", "api_key", "tag", "failure_kind"] as const;
export type UsageGroupBy = (typeof USAGE_GROUPS)[number];
export const USAGE_FORMATS = ["json", "csv"] as const;
/** A group's name for runs started by the personal key, the web app or a schedule (no named key). */
export const USAGE_NO_KEY_NAME = "Personal key / web app";
/** A group's name for runs whose task had no tags. */
export const USAGE_UNTAGGED_NAME = "untagged";
/** The member group of runs whose maker's account was deleted (docs/adr/0040-team-workspaces-outlive-their-members.md). */
export const USAGE_DELETED_MEMBER_NAME = "Deleted account";
/** By failure kind, the group of runs that succeeded (id null); the others are named by their kind's label. */
export const USAGE_SUCCEEDED_NAME = "Succeeded";
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
  group_by: z
    .enum(USAGE_GROUPS, { error: `group_by must be one of ${USAGE_GROUPS.join(", ")}` })
    .default("day")
    .meta({
      description:
        "day (default): per_day only. member, api_key or tag: also `groups`, the period's figures per member, per API key (the one that started the run) or per task tag (a run with two tags counts in both). failure_kind: per failure kind, succeeded runs as one group with id null.",
    }),
  format: z
    .enum(USAGE_FORMATS, { error: "format must be json or csv" })
    .default("json")
    .meta({ description: "csv: the rows of group_by as a CSV file (RFC 4180, a header row) to download." }),
});
export type UsageQuery = z.output<typeof usageQuerySchema>;

const usageFigures = {
  runs: z.number().int().meta({ description: "Runs charged (a free prompt or credits)." }),
  free_prompts: z.number().int().meta({ description: "Free prompts used." }),
  credits: z.number().int().meta({ description: "Credit units charged (1/10,000 dollar)." }),
  execution_time: z.number().meta({ description: "Seconds of execution of those runs." }),
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  model_cost: z.number().int().meta({ description: "Model spend at the operator's model prices (credit units); 0 when unpriced." }),
};

export const usageDaySchema = z.object({
  date: z.string().meta({ description: "The calendar day in time_zone, YYYY-MM-DD." }),
  ...usageFigures,
});
export type UsageDay = z.infer<typeof usageDaySchema>;

export const usageGroupSchema = z.object({
  id: z.string().nullable().meta({
    description: "The member's user id, the API key's id or the tag; null for runs without a named key, or without tags.",
  }),
  name: z.string().meta({
    description: `The member's e-mail, the key's name or the tag; "${USAGE_DELETED_MEMBER_NAME}", "${USAGE_NO_KEY_NAME}" or "${USAGE_UNTAGGED_NAME}" when id is null.`,
  }),
  ...usageFigures,
});
export type UsageGroup = z.infer<typeof usageGroupSchema>;

export const usageSchema = z.object({
  days: z.number().int(),
  time_zone: z.string(),
  /** First and last day of the period (YYYY-MM-DD in time_zone). */
  from: z.string(),
  to: z.string(),
  totals: z.object(usageFigures),
  /** Days with charged runs, newest first. */
  per_day: z.array(usageDaySchema),
  group_by: z.enum(USAGE_GROUPS),
  /** With group_by member, api_key, tag or failure_kind: the period's figures per group, highest charge first. */
  groups: z.array(usageGroupSchema).optional(),
});
export type Usage = z.infer<typeof usageSchema>;
