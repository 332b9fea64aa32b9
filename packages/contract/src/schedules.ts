import { z } from "zod";

/**
 * Resource: a saved task's schedule (one per task). Presets are compiled to a cron expression;
 * every slot is computed in the schedule's IANA time zone, so 09:00 stays 09:00 across DST.
 */
export const SCHEDULE_KINDS = ["cron", "hourly", "daily", "weekly"] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];
/** Day names, in cron's order (0 is Sunday). */
export const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** A schedule never fires more often than this. */
export const SCHEDULE_MIN_INTERVAL_MINUTES = 5;
/** How many upcoming runs the API and the task page show. */
export const SCHEDULE_NEXT_RUNS = 3;
export const CRON_MAX_LENGTH = 120;

export const CRON_FORMAT_MESSAGE =
  'cron must be a 5-field cron expression: minute hour day-of-month month day-of-week, such as "0 9 * * 1-5"';
export const TIME_ZONE_MESSAGE = "time_zone must be an IANA time zone such as Europe/Madrid";
export const CRON_TOO_OFTEN_MESSAGE = `cron must not fire more often than every ${SCHEDULE_MIN_INTERVAL_MINUTES} minutes`;
export const NO_SCHEDULE_MESSAGE = "This task has no schedule.";

/** True for a time zone this runtime knows (Europe/Madrid, UTC, America/New_York...). */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const timeOfDay = z
  .string({ error: "time must be HH:MM on a 24-hour clock, such as 09:00" })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: "time must be HH:MM on a 24-hour clock, such as 09:00" })
  .meta({ description: "Local time of day in the schedule's time zone, HH:MM (24-hour)." });

const cronField = z
  .string({ error: CRON_FORMAT_MESSAGE })
  .trim()
  .max(CRON_MAX_LENGTH, { error: `cron must be at most ${CRON_MAX_LENGTH} characters` })
  .refine((v) => v.split(/\s+/).length === 5, { error: CRON_FORMAT_MESSAGE })
  .meta({
    description: 'A 5-field cron expression (minute hour day-of-month month day-of-week), such as "0 9 * * 1-5" for 09:00 on weekdays.',
  });

/** How often the task runs: a preset or a cron expression. */
export const scheduleRepeatSchema = z
  .discriminatedUnion(
    "kind",
    [
      z.object({
        kind: z.literal("hourly"),
        minute: z
          .number({ error: "minute must be a whole number from 0 to 59" })
          .int({ error: "minute must be a whole number from 0 to 59" })
          .min(0, { error: "minute must be a whole number from 0 to 59" })
          .max(59, { error: "minute must be a whole number from 0 to 59" })
          .meta({ description: "Minute past each hour, 0 to 59." }),
      }),
      z.object({ kind: z.literal("daily"), time: timeOfDay }),
      z.object({
        kind: z.literal("weekly"),
        day: z.enum(WEEKDAYS, { error: `day must be one of ${WEEKDAYS.join(", ")}` }).meta({ description: "Day of the week." }),
        time: timeOfDay,
      }),
      z.object({ kind: z.literal("cron"), cron: cronField }),
    ],
    { error: "repeat.kind must be hourly, daily, weekly or cron" },
  )
  .meta({
    description:
      '`{ kind: "hourly", minute }`, `{ kind: "daily", time }`, `{ kind: "weekly", day, time }` or `{ kind: "cron", cron }`; times are in `time_zone`.',
  });
export type ScheduleRepeat = z.output<typeof scheduleRepeatSchema>;

/** PUT /tasks/{id}/schedule: creates the task's schedule or replaces it. */
export const scheduleInputSchema = z.object({
  repeat: scheduleRepeatSchema,
  time_zone: z
    .string({ error: TIME_ZONE_MESSAGE })
    .trim()
    .refine(isTimeZone, { error: TIME_ZONE_MESSAGE })
    .meta({ description: "IANA time zone the times and the cron expression are read in, such as Europe/Madrid or UTC." }),
});
export type ScheduleInput = z.output<typeof scheduleInputSchema>;

export const scheduleSchema = z.object({
  id: z.uuid(),
  task_id: z.uuid(),
  repeat: scheduleRepeatSchema,
  cron: z.string().meta({ description: "The cron expression the schedule runs on (presets compiled to it)." }),
  time_zone: z.string().meta({ description: "IANA time zone of the schedule." }),
  paused: z.boolean().meta({ description: "A paused schedule creates no runs until resumed." }),
  next_run_at: z.string().nullable().meta({ description: "When the next run is created (ISO 8601); null while paused." }),
  next_runs: z.array(z.string()).meta({ description: `The next ${SCHEDULE_NEXT_RUNS} runs (ISO 8601); empty while paused.` }),
  last_run_at: z.string().nullable().meta({ description: "When the schedule last created a run." }),
  last_run_id: z.string().nullable().meta({ description: "The last run it created (null once that run is deleted)." }),
  last_error: z.string().nullable().meta({
    description:
      'Why the last slot created no run, e.g. "Skipped the run of 24 Nov 09:00: not enough credits."; null once a run is created.',
  }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

/** A preset as the cron expression it runs on. */
export function repeatToCron(repeat: ScheduleRepeat): string {
  const at = (time: string) => {
    const [hour, minute] = time.split(":").map(Number);
    return `${minute} ${hour}`;
  };
  switch (repeat.kind) {
    case "hourly":
      return `${repeat.minute} * * * *`;
    case "daily":
      return `${at(repeat.time)} * * *`;
    case "weekly":
      return `${at(repeat.time)} * * ${WEEKDAYS.indexOf(repeat.day)}`;
    case "cron":
      return repeat.cron.split(/\s+/).join(" ");
  }
}

/** The preset a stored kind and cron expression came from (the inverse of repeatToCron). */
export function cronToRepeat(kind: ScheduleKind, cron: string): ScheduleRepeat {
  const [minute = "0", hour = "0", , , day = "0"] = cron.split(" ");
  const time = `${hour.padStart(2, "0")}:${minute.padStart(2, "0")}`;
  switch (kind) {
    case "hourly":
      return { kind, minute: Number(minute) };
    case "daily":
      return { kind, time };
    case "weekly":
      return { kind, day: WEEKDAYS[Number(day)] ?? "monday", time };
    case "cron":
      return { kind, cron };
  }
}

const capital = (word: string) => word[0]!.toUpperCase() + word.slice(1);

/** "every day at 09:00", "every hour at :15", "every Monday at 09:00", "on cron 0 9 * * 1-5". */
export function describeRepeat(repeat: ScheduleRepeat): string {
  switch (repeat.kind) {
    case "hourly":
      return `every hour at :${String(repeat.minute).padStart(2, "0")}`;
    case "daily":
      return `every day at ${repeat.time}`;
    case "weekly":
      return `every ${capital(repeat.day)} at ${repeat.time}`;
    case "cron":
      return `on the cron expression ${repeat.cron}`;
  }
}
