import type { AutomationList, AutomationListQuery } from "@errand/contract";
import { automations } from "@errand/db";
import { and, arrayContains, asc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import { automationSummaryToApi } from "./to-api.ts";

/** "50%_off" is searched literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The marketplace list: optional search (title, description), category and application; by title. */
export async function listAutomations({ ctx, input }: VerbArgs<AutomationListQuery>): Promise<AutomationList> {
  const where: SQL[] = [];
  if (input.search) {
    const pattern = likePattern(input.search);
    where.push(or(ilike(automations.title, pattern), ilike(automations.description, pattern))!);
  }
  if (input.category) where.push(arrayContains(automations.categories, [input.category.toLowerCase()]));
  if (input.application) where.push(eq(sql`lower(${automations.website})`, input.application.toLowerCase()));
  const rows = await ctx.db
    .select({
      id: automations.id,
      slug: automations.slug,
      title: automations.title,
      description: automations.description,
      website: automations.website,
      categories: automations.categories,
      needAuth: automations.needAuth,
    })
    .from(automations)
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(automations.title), asc(automations.slug));
  return { automations: rows.map(automationSummaryToApi) };
}
