import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { SCHEDULE_KINDS } from "@errand/contract";
import { tasks, tasksRuns } from "./tasks.ts";
import { randomId, timestamps } from "./columns.ts";
import { madeBy, workspaceId } from "./owner-column.ts";

/**
 * A saved task's schedule (one per task). The scheduler claims due rows with FOR UPDATE SKIP
 * LOCKED, creates the slot's run and moves next_run_at past now in the same transaction: one run
 * per slot however many processes tick, and missed slots collapse into one run.
 */
export const taskSchedules = pgTable(
  "task_schedules",
  {
    id: randomId(),
    taskId: uuid("task_id")
      .notNull()
      .unique()
      .references(() => tasks.id, { onDelete: "cascade" }),
    userId: madeBy(),
    workspaceId: workspaceId(),
    /** The preset it was made with (or cron); `cron` is what runs. */
    kind: text("kind", { enum: SCHEDULE_KINDS }).notNull(),
    /** The effective 5-field cron expression, read in time_zone. */
    cron: text("cron").notNull(),
    timeZone: text("time_zone").notNull(),
    paused: boolean("paused").notNull().default(false),
    /** The next slot; null while paused. */
    nextRunAt: timestamp("next_run_at", { withTimezone: true }),
    lastRunAt: timestamp("last_run_at", { withTimezone: true }),
    lastRunId: uuid("last_run_id").references(() => tasksRuns.id, { onDelete: "set null" }),
    /** Why the last slot created no run; cleared when one is created. */
    lastError: text("last_error"),
    ...timestamps(),
  },
  (t) => [
    // The scheduler's scan: due schedules that are not paused.
    index("task_schedules_due_idx").on(t.nextRunAt).where(sql`not ${t.paused}`),
    index("task_schedules_user_idx").on(t.userId),
    index("task_schedules_workspace_idx").on(t.workspaceId),
    index("task_schedules_last_run_idx").on(t.lastRunId),
  ],
);
