import { boolean, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { tasksRuns } from "./tasks.ts";

/** The public marketplace of ready-made automations. */
export const automations = pgTable(
  "automations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    slug: text("slug").notNull().unique(),
    website: text("website"),
    categories: text("categories").array(),
    needAuth: boolean("need_auth").notNull().default(false),
    runId: uuid("run_id").references(() => tasksRuns.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("automations_title_idx").on(t.title),
    // "category contained in categories".
    index("automations_categories_idx").using("gin", t.categories),
    index("automations_website_idx").on(t.website),
    index("automations_run_idx").on(t.runId),
  ],
);
