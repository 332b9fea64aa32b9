import type { AutomationFacets } from "@errand/contract";
import { automations } from "@errand/db";
import { count, isNotNull, sql } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";

/** Category and application counts over the whole marketplace, for the sidebars. */
export async function getAutomationFacets({ ctx }: VerbArgs<Record<string, never>>): Promise<AutomationFacets> {
  const category = sql<string>`unnest(${automations.categories})`;
  const [totals, categories, applications] = await Promise.all([
    ctx.db.select({ total: count() }).from(automations),
    ctx.db.select({ category, count: count() }).from(automations).where(isNotNull(automations.categories)).groupBy(sql`1`).orderBy(sql`1`),
    ctx.db
      .select({ application: sql<string>`${automations.website}`, count: count() })
      .from(automations)
      .where(isNotNull(automations.website))
      .groupBy(automations.website)
      .orderBy(automations.website),
  ]);
  return { total: totals[0]?.total ?? 0, categories, applications };
}
