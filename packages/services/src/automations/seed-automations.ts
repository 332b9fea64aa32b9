import type { AutomationSeed } from "@errand/contract";
import { automations } from "@errand/db";
import { sql } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";

/**
 * Upserts the catalogue by slug in one statement: new entries are inserted, changed ones
 * updated, unchanged ones left alone (updated_at keeps its value). run_id is never touched,
 * and rows missing from the catalogue stay (an operator may have added them).
 */
export async function seedAutomations({ ctx, input }: VerbArgs<{ catalog: readonly AutomationSeed[] }>) {
  if (input.catalog.length === 0) return { inserted: 0, updated: 0 };
  const rows = input.catalog.map((a) => ({
    slug: a.slug,
    title: a.title,
    description: a.description,
    website: a.website,
    categories: a.categories,
    needAuth: a.needAuth,
    prompt: a.prompt,
    initialUrl: a.initialUrl,
    responseFormat: a.responseFormat,
    jsonSchema: a.jsonSchema,
    sessionTimeout: a.sessionTimeout ?? 300,
  }));
  const changed = sql`(${automations.title}, ${automations.description}, ${automations.website}, ${automations.categories},
    ${automations.needAuth}, ${automations.prompt}, ${automations.initialUrl}, ${automations.responseFormat},
    ${automations.jsonSchema}::text, ${automations.sessionTimeout}) is distinct from
    (excluded.title, excluded.description, excluded.website, excluded.categories, excluded.need_auth, excluded.prompt,
    excluded.initial_url, excluded.response_format, excluded.json_schema::text, excluded.session_timeout)`;
  const result = await ctx.db
    .insert(automations)
    .values(rows)
    .onConflictDoUpdate({
      target: automations.slug,
      set: {
        title: sql`excluded.title`,
        description: sql`excluded.description`,
        website: sql`excluded.website`,
        categories: sql`excluded.categories`,
        needAuth: sql`excluded.need_auth`,
        prompt: sql`excluded.prompt`,
        initialUrl: sql`excluded.initial_url`,
        responseFormat: sql`excluded.response_format`,
        jsonSchema: sql`excluded.json_schema`,
        sessionTimeout: sql`excluded.session_timeout`,
        updatedAt: sql`now()`,
      },
      setWhere: changed,
    })
    // xmax = 0 only for a freshly inserted row.
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  const inserted = result.filter((r) => r.inserted).length;
  return { inserted, updated: result.length - inserted };
}
