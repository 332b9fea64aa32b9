import { SESSION_TIMEOUT, type EvaluationCase } from "@errand/contract";
import type { settingsToColumns } from "../runs/settings-to-columns.ts";

type RunColumns = ReturnType<typeof settingsToColumns>;

/** Claude models go to Anthropic; every other name to the OpenAI-compatible endpoint the server is set up with. */
export const providerOf = (model: string): RunColumns["modelProvider"] => (/^claude/i.test(model) ? "anthropic" : "openai");

/**
 * The run of one case with one model: the case's prompt, start page, schema, checks and step
 * cap, with the server's default time limit. A JSON value expected asks for a JSON answer.
 */
export function caseRunColumns(c: EvaluationCase, model: string): RunColumns {
  const json = c.output_schema !== undefined || (c.expected !== undefined && typeof c.expected !== "string");
  return {
    prompt: c.prompt,
    model,
    modelProvider: providerOf(model),
    responseFormat: json ? "json" : "text",
    jsonSchema: (c.output_schema ?? null) as RunColumns["jsonSchema"],
    authContextId: null,
    webhookUrl: null,
    sessionTimeout: SESSION_TIMEOUT.default,
    initialUrl: c.start_url ?? null,
    proxy: null,
    maxCost: null,
    maxSteps: c.max_steps ?? null,
    onLimit: "stop",
    checks: c.checks ?? null,
    approval: null,
    recording: null,
    allowedDomains: null,
  };
}
