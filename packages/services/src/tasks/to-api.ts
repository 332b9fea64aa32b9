import { unitsToDollars, type Task } from "@errand/contract";
import type { tasks } from "@errand/db";
import { approvalFields } from "../approvals/approval-columns.ts";

export function taskToApi(row: typeof tasks.$inferSelect): Task {
  return {
    id: row.id,
    user_id: row.userId,
    prompt: row.prompt,
    auth_context_id: row.authContextId,
    json_schema: row.jsonSchema ?? null,
    webhook_url: row.webhookUrl,
    response_format: row.responseFormat,
    session_timeout: row.sessionTimeout,
    initial_url: row.initialUrl,
    model: row.model,
    model_provider: row.modelProvider,
    always_use_agent: row.alwaysUseAgent,
    credential_names: row.credentialNames,
    proxy: row.proxy ?? null,
    tags: row.tags,
    max_cost_usd: row.maxCost === null ? null : unitsToDollars(row.maxCost),
    max_steps: row.maxSteps,
    on_limit: row.onLimit,
    checks: row.checks ?? null,
    recording: row.recording ?? null,
    retry: row.retry ?? null,
    ...approvalFields(row.approval ?? null),
    allowed_domains: row.allowedDomains ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
