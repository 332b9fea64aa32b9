import { dollarsToUnits, type RunSettings } from "@errand/contract";
import { approvalColumn } from "../approvals/approval-columns.ts";

/** Validated API settings to the columns a task and a run share. */
export function settingsToColumns(settings: RunSettings) {
  return {
    prompt: settings.prompt,
    model: settings.model,
    modelProvider: settings.provider,
    responseFormat: settings.json_results ? ("json" as const) : settings.response_format,
    jsonSchema: settings.json_schema ?? null,
    authContextId: settings.auth_context_id ?? null,
    webhookUrl: settings.webhook_url ?? null,
    sessionTimeout: settings.session_timeout,
    initialUrl: settings.initial_url ?? null,
    proxy: settings.proxy ?? null,
    maxCost: settings.max_cost_usd == null ? null : dollarsToUnits(settings.max_cost_usd),
    maxSteps: settings.max_steps ?? null,
    onLimit: settings.on_limit,
    checks: settings.checks ?? null,
    approval: approvalColumn(settings),
    recording: settings.recording ?? null,
    allowedDomains: settings.allowed_domains && settings.allowed_domains.length > 0 ? settings.allowed_domains : null,
  };
}
