import { queryOptions } from "@tanstack/react-query";
import type { AutomationDemo, CreatedRun } from "@errand/contract";
import { callOperation } from "./operation";

/** The admin's latest runs, read again every 2 s while one is still running. */
export const automationDemoRunsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ["automation", slug, "demo-runs"] as const,
    queryFn: ({ signal }) => callOperation("listAutomationDemoRuns", { params: { slug }, signal }),
    refetchInterval: (query) => (query.state.data?.runs.some((run) => run.status === "pending") ? 2_000 : false),
  });

/** POST /automations/{slug}/demo-runs: runs the automation now (with `prompt` instead of its own), for its demo. */
export function recordAutomationDemo(slug: string, prompt?: string): Promise<CreatedRun> {
  return callOperation("recordAutomationDemo", { params: { slug }, body: prompt === undefined ? {} : { prompt } });
}

/** PUT /automations/{slug}/demo: a run that succeeded becomes the public demo; null removes it. */
export function setAutomationDemo(slug: string, runId: string | null): Promise<AutomationDemo> {
  return callOperation("setAutomationDemo", { params: { slug }, body: { run_id: runId } });
}
