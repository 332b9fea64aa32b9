import type { Automation, AutomationSummary } from "@errand/contract";
import type { automations } from "@errand/db";

type Row = typeof automations.$inferSelect;

export function automationSummaryToApi(
  row: Pick<Row, "id" | "slug" | "title" | "description" | "website" | "categories" | "needAuth">,
): AutomationSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    website: row.website,
    categories: row.categories ?? [],
    need_auth: row.needAuth,
  };
}

/** runId is passed separately: only a run that is still public is exposed. */
export function automationToApi(row: Row, publicRunId: string | null): Automation {
  return {
    ...automationSummaryToApi(row),
    prompt: row.prompt,
    initial_url: row.initialUrl,
    response_format: row.responseFormat,
    json_schema: row.jsonSchema ?? null,
    session_timeout: row.sessionTimeout,
    run_id: publicRunId,
    updated_at: row.updatedAt.toISOString(),
  };
}
