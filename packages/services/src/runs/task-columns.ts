import type { tasks } from "@errand/db";
import type { settingsToColumns } from "./settings-to-columns.ts";

type RunColumns = ReturnType<typeof settingsToColumns>;

/** The settings a task or a run was saved with (the same columns on both), as the columns a new run copies. */
type SavedSettings = Pick<typeof tasks.$inferSelect, keyof RunColumns>;

/** The task's saved settings (or an earlier run's, for its retry), as the columns a run copies. */
export function taskColumns(task: SavedSettings): RunColumns {
  return {
    prompt: task.prompt,
    model: task.model,
    // Saved from validated settings, so one of the providers.
    modelProvider: task.modelProvider as RunColumns["modelProvider"],
    responseFormat: task.responseFormat,
    jsonSchema: task.jsonSchema as RunColumns["jsonSchema"],
    authContextId: task.authContextId,
    webhookUrl: task.webhookUrl,
    sessionTimeout: task.sessionTimeout,
    initialUrl: task.initialUrl,
    proxy: task.proxy,
    // A scheduled run keeps the caps its task was saved with (docs/adr/0037-spending-limits.md).
    maxCost: task.maxCost,
    maxSteps: task.maxSteps,
    onLimit: task.onLimit,
    // Checked as its task is (docs/adr/0043-verified-results.md).
    checks: task.checks,
    // Asks before the same actions (docs/adr/0048-approval-before-irreversible-actions.md).
    approval: task.approval,
    recording: task.recording,
    // Kept to the same hosts (docs/adr/0049-messages-and-allowed-domains.md).
    allowedDomains: task.allowedDomains,
  };
}
