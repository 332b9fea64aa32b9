import { boolean, index, integer, json, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { tasksRuns } from "./tasks.ts";
import { randomId, timestamps } from "./columns.ts";

/**
 * The public marketplace of ready-made automations. Seeded from the catalogue on start
 * (upsert by slug); run_id links an optional public demo run and is never overwritten by a seed.
 */
export const automations = pgTable(
  "automations",
  {
    id: randomId(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    slug: text("slug").notNull().unique(),
    website: text("website"),
    categories: text("categories").array(),
    needAuth: boolean("need_auth").notNull().default(false),
    runId: uuid("run_id").references(() => tasksRuns.id, { onDelete: "set null" }),
    // The task settings "Try This Automation" puts in the draft.
    prompt: text("prompt").notNull().default(""),
    initialUrl: text("initial_url"),
    responseFormat: text("response_format", { enum: ["text", "json"] })
      .notNull()
      .default("text"),
    // json keeps the property order (the table's column order); jsonb would sort it.
    jsonSchema: json("json_schema"),
    sessionTimeout: integer("session_timeout").notNull().default(300),
    ...timestamps(),
  },
  (t) => [
    index("automations_title_idx").on(t.title),
    // "category contained in categories".
    index("automations_categories_idx").using("gin", t.categories),
    index("automations_website_idx").on(t.website),
    index("automations_run_idx").on(t.runId),
  ],
);
