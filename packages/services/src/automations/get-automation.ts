import { parseAutomationSlug, type Automation } from "@errand/contract";
import { automations, tasksRuns } from "@errand/db";
import { and, eq } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import { notFound } from "../errors.ts";
import { automationToApi } from "./to-api.ts";

/** One automation by slug; an integration suffix (-api, -make, -n8n, -zapier) is ignored. */
export async function getAutomation({ ctx, input }: VerbArgs<{ slug: string }>): Promise<Automation> {
  const { slug } = parseAutomationSlug(input.slug.toLowerCase());
  const [row] = await ctx.db
    .select({ automation: automations, publicRunId: tasksRuns.id })
    .from(automations)
    .leftJoin(tasksRuns, and(eq(tasksRuns.id, automations.runId), eq(tasksRuns.public, true)))
    .where(eq(automations.slug, slug));
  if (!row) throw notFound("Automation");
  return automationToApi(row.automation, row.publicRunId);
}
