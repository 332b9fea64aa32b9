import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { tasksRuns } from "./tasks.ts";

/** Every attempt to deliver a run's outcome to its webhook URL. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    runId: uuid("run_id")
      .notNull()
      .references(() => tasksRuns.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    url: text("url").notNull(),
    statusCode: integer("status_code"),
    error: text("error"),
    durationMs: integer("duration_ms"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webhook_deliveries_run_idx").on(t.runId, t.attempt)],
);
