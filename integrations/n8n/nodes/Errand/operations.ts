// What each operation of the Errand node does for one input item.
import type { IDataObject, IExecuteFunctions } from "n8n-workflow";
import { NodeOperationError } from "n8n-workflow";
import { errandRequest } from "../../shared/errand-api";
import { runOutput, waitForRun, type ErrandRun } from "../../shared/wait-for-run";

const DEFAULT_TIME_LIMIT = 300;

interface RunOptions {
  prompt?: string;
  startUrl?: string;
  timeLimit?: number;
  costLimit?: number;
  stepLimit?: number;
  atLimit?: "stop" | "ask";
}

/** The run's limits from the options: 0 or empty means none. */
function limitsOf(options: RunOptions): IDataObject {
  return {
    ...(options.costLimit ? { max_cost_usd: options.costLimit } : {}),
    ...(options.stepLimit ? { max_steps: options.stepLimit } : {}),
    ...(options.atLimit === "ask" ? { on_limit: "ask" } : {}),
  };
}

/** Queues a run (POST /runs or POST /automations/{slug}/runs), then (when asked) waits for it to end. */
async function startRun(ctx: IExecuteFunctions, body: IDataObject, wait: boolean, i: number, path = "/runs"): Promise<IDataObject> {
  const created = await errandRequest<ErrandRun>(ctx, "POST", path, { body, itemIndex: i });
  if (!wait) return created;
  const limit = created.time_limit ?? (body.session_timeout as number | undefined) ?? DEFAULT_TIME_LIMIT;
  return runOutput(await waitForRun(ctx, created.id, limit, i));
}

function savedLoginId(ctx: IExecuteFunctions, i: number): string | undefined {
  const id = ctx.getNodeParameter("options.savedLogin", i, "", { extractValue: true }) as string;
  return id || undefined;
}

function parseSchema(ctx: IExecuteFunctions, i: number): unknown {
  const raw = ctx.getNodeParameter("jsonSchema", i, "") as string | object;
  if (typeof raw === "object") return raw;
  if (!raw.trim()) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw new NodeOperationError(ctx.getNode(), "JSON Schema is not valid JSON", { itemIndex: i });
  }
}

export async function runTask(ctx: IExecuteFunctions, i: number): Promise<IDataObject> {
  const responseFormat = ctx.getNodeParameter("responseFormat", i) as "text" | "json";
  const options = ctx.getNodeParameter("options", i, {}) as RunOptions;
  const body: IDataObject = { prompt: ctx.getNodeParameter("prompt", i) as string, response_format: responseFormat };
  if (responseFormat === "json") {
    const schema = parseSchema(ctx, i);
    if (schema !== undefined) body.json_schema = schema as IDataObject;
  }
  if (options.startUrl) body.initial_url = options.startUrl;
  if (options.timeLimit) body.session_timeout = options.timeLimit;
  Object.assign(body, limitsOf(options));
  const login = savedLoginId(ctx, i);
  if (login) body.auth_context_id = login;
  return startRun(ctx, body, ctx.getNodeParameter("waitForResult", i) as boolean, i);
}

export async function getRun(ctx: IExecuteFunctions, i: number): Promise<IDataObject> {
  const id = encodeURIComponent((ctx.getNodeParameter("runId", i) as string).trim());
  const run = runOutput(await errandRequest<ErrandRun>(ctx, "GET", `/runs/${id}`, { itemIndex: i }));
  if (!(ctx.getNodeParameter("includeSteps", i, false) as boolean)) return run;
  const { steps } = await errandRequest<{ steps: IDataObject[] }>(ctx, "GET", `/runs/${id}/steps`, { itemIndex: i });
  return { ...run, steps };
}

/**
 * POST /automations/{slug}/runs: the automation's prompt and settings, each option given
 * instead (the API's one rule for running an automation; empty options keep the automation's).
 */
export async function runAutomation(ctx: IExecuteFunctions, i: number): Promise<IDataObject> {
  const slug = ctx.getNodeParameter("automation", i, "", { extractValue: true }) as string;
  const options = ctx.getNodeParameter("options", i, {}) as RunOptions;
  const body: IDataObject = {};
  if (options.prompt) body.prompt = options.prompt;
  if (options.startUrl) body.initial_url = options.startUrl;
  if (options.timeLimit) body.session_timeout = options.timeLimit;
  Object.assign(body, limitsOf(options));
  const login = savedLoginId(ctx, i);
  if (login) body.auth_context_id = login;
  const path = `/automations/${encodeURIComponent(slug)}/runs`;
  return startRun(ctx, body, ctx.getNodeParameter("waitForResult", i) as boolean, i, path);
}
