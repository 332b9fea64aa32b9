import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { cascadeTo, createdAt, randomId } from "./columns.ts";
import { madeBy } from "./owner-column.ts";
import { tasksRuns } from "./tasks.ts";

/**
 * What a person told a running agent (docs/adr/0049-messages-and-allowed-domains.md): read before
 * the agent's next step, acknowledged in that step, kept in the run's history (goes with the run).
 */
export const runMessages = pgTable(
  "run_messages",
  {
    id: randomId(),
    taskRunId: cascadeTo("task_run_id", () => tasksRuns.id),
    /** Who sent it; null once their account is deleted. */
    userId: madeBy(),
    text: text("text").notNull(),
    createdAt: createdAt(),
    /** When the agent read it; null while it waits for the next step. */
    readAt: timestamp("read_at", { withTimezone: true }),
    /** The step that read it. */
    readInStep: integer("read_in_step"),
  },
  // A run's messages in order, and the unread ones the worker takes.
  (t) => [index("run_messages_run_created_idx").on(t.taskRunId, t.createdAt)],
);
