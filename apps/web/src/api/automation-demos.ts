import { queryOptions } from "@tanstack/react-query";
import { automationDemoRunsSchema, automationDemoSchema, createRunResponseSchema, type AutomationDemo, type CreatedRun } from "@errand/contract";
import { apiRequest } from "./http";

const base = (slug: string) => `/api/v1/automations/${encodeURIComponent(slug)}`;

/** The admin's latest runs, read again every 2 s while one is still running. */
export const automationDemoRunsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ["automation", slug, "demo-runs"] as const,
    queryFn: ({ signal }) => apiRequest(`${base(slug)}/demo-runs`, automationDemoRunsSchema, { signal }),
    refetchInterval: (query) => (query.state.data?.runs.some((run) => run.status === "pending") ? 2_000 : false),
  });

/** POST /automations/{slug}/demo-runs: runs the automation now (with `prompt` instead of its own), for its demo. */
export function recordAutomationDemo(slug: string, prompt?: string): Promise<CreatedRun> {
  return apiRequest(`${base(slug)}/demo-runs`, createRunResponseSchema, { method: "POST", body: prompt === undefined ? {} : { prompt } });
}

/** PUT /automations/{slug}/demo: a run that succeeded becomes the public demo; null removes it. */
export function setAutomationDemo(slug: string, runId: string | null): Promise<AutomationDemo> {
  return apiRequest(`${base(slug)}/demo`, automationDemoSchema, { method: "PUT", body: { run_id: runId } });
}
