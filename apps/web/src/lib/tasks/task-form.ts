import { DEFAULT_MODEL, DEFAULT_MODEL_PROVIDER, MAX_COST_USD_CEILING, MAX_STEPS_CEILING, SESSION_TIMEOUT } from "@errand/contract";
import type { ApiBody, Task } from "@errand/contract";
import type { TaskDraft } from "./task-draft";
import { allowedDomainsError, allowedDomainsFromText, allowedDomainsToText } from "./allowed-domains-text";
import {
  checksProblem,
  checksToFormValues,
  EMPTY_CHECKS_FORM,
  retryProblem,
  toChecks,
  toRetryPolicy,
  type ChecksFormValues,
} from "./task-checks-form";
import {
  approvalProblem,
  approvalToFormValues,
  asksApproval,
  EMPTY_APPROVAL_FORM,
  toApprovalFields,
  type ApprovalFormValues,
} from "./task-approval-form";

/**
 * The task form's values, validation and request bodies (spec sections 2 "Task form", 5 and 7).
 * Pure: unit-tested in node.
 */
export interface TaskFormValues {
  prompt: string;
  responseFormat: "text" | "json";
  /** The JSON Schema text as typed. */
  jsonSchema: string;
  /** "" means None. */
  authContextId: string;
  initialUrl: string;
  webhookUrl: string;
  /** The Session Timeout input's text (seconds). */
  sessionTimeout: string;
  /** Vault credentials the task may use (the task page only: a new run's task starts with none). */
  credentialNames: string[];
  /** The proxy pool's name; "" means the server's default. */
  proxyPool: string;
  /** Two letters, or "" for any. */
  proxyCountry: string;
  /** Limits (docs/adr/0037-spending-limits.md): dollars and steps as typed, "" for none; what happens at one. */
  maxCostUsd: string;
  maxSteps: string;
  onLimit: "stop" | "ask";
  /** Labels for usage by tag (docs/adr/0039-usage-by-member-key-and-tag.md), lower-case. */
  tags: string[];
  /** The "Checks" section: assertions, judge and retries (docs/adr/0043-verified-results.md). */
  checks: ChecksFormValues;
  /** The "Approval" fields (docs/adr/0048-approval-before-irreversible-actions.md). */
  approval: ApprovalFormValues;
  /** Keep a session recording (docs/adr/0047-session-recordings.md); unticked sends recording: false, ticked the server's default. */
  recording: boolean;
  /** "Allowed domains" as typed: the only hosts the run may reach, "" for any (docs/adr/0049-messages-and-allowed-domains.md). */
  allowedDomains: string;
}

/** Error messages keyed by the API's field names, so server `fields` land on the same inputs. */
export type TaskFormField =
  | "prompt"
  | "json_schema"
  | "auth_context_id"
  | "initial_url"
  | "webhook_url"
  | "session_timeout"
  | "credential_names"
  | "proxy"
  | "max_cost_usd"
  | "max_steps"
  | "tags"
  | "checks"
  | "retry"
  | "approval"
  | "allowed_domains";
export type TaskFormErrors = Partial<Record<TaskFormField, string>>;

export const EMPTY_TASK_FORM: TaskFormValues = {
  prompt: "",
  responseFormat: "text",
  jsonSchema: "",
  authContextId: "",
  initialUrl: "",
  webhookUrl: "",
  sessionTimeout: String(SESSION_TIMEOUT.default),
  credentialNames: [],
  proxyPool: "",
  proxyCountry: "",
  maxCostUsd: "",
  maxSteps: "",
  onLimit: "stop",
  tags: [],
  checks: EMPTY_CHECKS_FORM,
  approval: EMPTY_APPROVAL_FORM,
  recording: true,
  allowedDomains: "",
};

export const SESSION_TIMEOUT_MESSAGE = `Session Timeout must be a whole number from ${SESSION_TIMEOUT.min} to ${SESSION_TIMEOUT.max} seconds.`;
export const URL_MESSAGE = "Enter a full URL starting with http:// or https://.";
export const COST_LIMIT_MESSAGE = `Cost limit must be a number of dollars from 0.01 to ${MAX_COST_USD_CEILING}.`;
export const STEP_LIMIT_MESSAGE = `Step limit must be a whole number from 1 to ${MAX_STEPS_CEILING}.`;
export const COUNTRY_MESSAGE = "Country must be a two-letter country code such as DE or US.";

/** Spec section 5: a non-numeric entry becomes 300. */
export function parseSessionTimeout(raw: string): number {
  const text = raw.trim();
  if (!text) return SESSION_TIMEOUT.default;
  const value = Number(text);
  return Number.isFinite(value) ? value : SESSION_TIMEOUT.default;
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** True when the text parses as JSON. */
export function isValidJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Spec section 5: the schema is sent as parsed JSON when valid, otherwise as the raw string. */
export function jsonSchemaForRequest(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return trimmed;
  }
}

export function isBlank(text: string): boolean {
  return text.trim().length === 0;
}

/** Problems that stop a submit. An invalid JSON schema only warns (it is sent as text). */
export function validateTaskForm(values: TaskFormValues): TaskFormErrors {
  const errors: TaskFormErrors = {};
  if (isBlank(values.prompt)) errors.prompt = "Prompt is required.";
  const timeout = parseSessionTimeout(values.sessionTimeout);
  if (!Number.isInteger(timeout) || timeout < SESSION_TIMEOUT.min || timeout > SESSION_TIMEOUT.max) {
    errors.session_timeout = SESSION_TIMEOUT_MESSAGE;
  }
  if (!isBlank(values.initialUrl) && !isHttpUrl(values.initialUrl)) errors.initial_url = URL_MESSAGE;
  if (!isBlank(values.webhookUrl) && !isHttpUrl(values.webhookUrl)) errors.webhook_url = URL_MESSAGE;
  if (!isBlank(values.proxyPool) && !isBlank(values.proxyCountry) && !/^[a-z]{2}$/i.test(values.proxyCountry.trim()))
    errors.proxy = COUNTRY_MESSAGE;
  const cost = Number(values.maxCostUsd.trim());
  if (!isBlank(values.maxCostUsd) && !(cost >= 0.01 && cost <= MAX_COST_USD_CEILING)) errors.max_cost_usd = COST_LIMIT_MESSAGE;
  const steps = Number(values.maxSteps.trim());
  if (!isBlank(values.maxSteps) && !(Number.isInteger(steps) && steps >= 1 && steps <= MAX_STEPS_CEILING))
    errors.max_steps = STEP_LIMIT_MESSAGE;
  const checks = checksProblem(values.checks);
  if (checks) errors.checks = checks;
  const retry = retryProblem(values.checks);
  if (retry) errors.retry = retry;
  const approval = approvalProblem(values.approval);
  if (approval) errors.approval = approval;
  const domains = allowedDomainsError(values.allowedDomains);
  if (domains) errors.allowed_domains = domains;
  return errors;
}

/** A warning under the JSON Schema box, or undefined. */
export function jsonSchemaWarning(values: Pick<TaskFormValues, "responseFormat" | "jsonSchema">): string | undefined {
  if (values.responseFormat !== "json" || isBlank(values.jsonSchema) || isValidJson(values.jsonSchema.trim())) return undefined;
  return "This is not valid JSON; it will be sent as plain text.";
}

/** The body of POST /runs and POST /tasks/{id}/runs, as the contract types it. */
export type RunRequestBody = ApiBody<"createRun">;

/** The body of PATCH /tasks/{id}: the form sends every field; null clears one. */
export type TaskUpdateBody = ApiBody<"updateTask">;

const orUndefined = (text: string) => (isBlank(text) ? undefined : text.trim());

/** The form's proxy as the API's choice: null for the default. */
export function proxyChoice(values: Pick<TaskFormValues, "proxyPool" | "proxyCountry">): { pool: string; country?: string } | null {
  const pool = orUndefined(values.proxyPool);
  if (!pool) return null;
  const country = orUndefined(values.proxyCountry)?.toLowerCase();
  return country ? { pool, country } : { pool };
}

export function toRunBody(
  values: TaskFormValues,
  model: { model: string; provider: string } = { model: DEFAULT_MODEL, provider: DEFAULT_MODEL_PROVIDER },
): RunRequestBody {
  const body: RunRequestBody = {
    prompt: values.prompt.trim(),
    model: model.model,
    // A saved task's provider is one the server accepted when the task was made.
    provider: model.provider as RunRequestBody["provider"],
    response_format: values.responseFormat,
  };
  const schema = values.responseFormat === "json" ? jsonSchemaForRequest(values.jsonSchema) : undefined;
  if (schema !== undefined) body.json_schema = schema;
  const authContextId = orUndefined(values.authContextId);
  if (authContextId) body.auth_context_id = authContextId;
  const webhookUrl = orUndefined(values.webhookUrl);
  if (webhookUrl) body.webhook_url = webhookUrl;
  const timeout = parseSessionTimeout(values.sessionTimeout);
  if (timeout !== SESSION_TIMEOUT.default) body.session_timeout = timeout;
  const initialUrl = orUndefined(values.initialUrl);
  if (initialUrl) body.initial_url = initialUrl;
  const proxy = proxyChoice(values);
  if (proxy) body.proxy = proxy;
  if (!isBlank(values.maxCostUsd)) body.max_cost_usd = Number(values.maxCostUsd.trim());
  if (!isBlank(values.maxSteps)) body.max_steps = Number(values.maxSteps.trim());
  if (values.onLimit === "ask") body.on_limit = "ask";
  if (values.tags.length > 0) body.tags = values.tags;
  if (values.credentialNames.length > 0) body.credential_names = values.credentialNames;
  const checks = toChecks(values.checks);
  if (checks) body.checks = checks;
  const retry = toRetryPolicy(values.checks);
  if (retry) body.retry = retry;
  if (asksApproval(values.approval)) Object.assign(body, toApprovalFields(values.approval));
  if (!values.recording) body.recording = false;
  const domains = allowedDomainsFromText(values.allowedDomains);
  if (domains.length > 0) body.allowed_domains = domains;
  return body;
}

export function toTaskUpdate(values: TaskFormValues): TaskUpdateBody {
  // Every field of the form, sent whole; always_use_agent is not the form's (the Replay card sets it), so it stays as saved.
  const update: Required<Omit<TaskUpdateBody, "always_use_agent">> = {
    prompt: values.prompt.trim(),
    response_format: values.responseFormat,
    json_schema: values.responseFormat === "json" ? (jsonSchemaForRequest(values.jsonSchema) ?? null) : null,
    auth_context_id: orUndefined(values.authContextId) ?? null,
    webhook_url: orUndefined(values.webhookUrl) ?? null,
    session_timeout: parseSessionTimeout(values.sessionTimeout),
    initial_url: orUndefined(values.initialUrl) ?? null,
    credential_names: values.credentialNames,
    proxy: proxyChoice(values),
    tags: values.tags,
    max_cost_usd: isBlank(values.maxCostUsd) ? null : Number(values.maxCostUsd.trim()),
    max_steps: isBlank(values.maxSteps) ? null : Number(values.maxSteps.trim()),
    on_limit: values.onLimit,
    checks: toChecks(values.checks),
    retry: toRetryPolicy(values.checks),
    ...toApprovalFields(values.approval),
    recording: values.recording ? null : false,
    allowed_domains: allowedDomainsFromText(values.allowedDomains),
  };
  return update;
}

function schemaText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  return JSON.stringify(value, null, 2);
}

export function taskToFormValues(
  task: Pick<Task, "prompt" | "response_format" | "json_schema" | "auth_context_id" | "initial_url" | "webhook_url" | "session_timeout"> &
    Partial<
      Pick<
        Task,
        | "credential_names"
        | "proxy"
        | "tags"
        | "max_cost_usd"
        | "max_steps"
        | "on_limit"
        | "checks"
        | "retry"
        | "approval"
        | "approval_words"
        | "approval_timeout_seconds"
        | "recording"
        | "allowed_domains"
      >
    >,
): TaskFormValues {
  return {
    prompt: task.prompt,
    responseFormat: task.response_format,
    jsonSchema: schemaText(task.json_schema),
    authContextId: task.auth_context_id ?? "",
    initialUrl: task.initial_url ?? "",
    webhookUrl: task.webhook_url ?? "",
    sessionTimeout: String(task.session_timeout),
    credentialNames: task.credential_names ?? [],
    proxyPool: task.proxy?.pool ?? "",
    proxyCountry: task.proxy?.country?.toUpperCase() ?? "",
    maxCostUsd: task.max_cost_usd == null ? "" : String(task.max_cost_usd),
    maxSteps: task.max_steps == null ? "" : String(task.max_steps),
    onLimit: task.on_limit ?? "stop",
    tags: task.tags ?? [],
    checks: checksToFormValues(task),
    approval: approvalToFormValues(task),
    recording: task.recording !== false,
    allowedDomains: allowedDomainsToText(task.allowed_domains),
  };
}

export function draftToFormValues(draft: TaskDraft): TaskFormValues {
  // What a draft does not say (proxy, caps, tags, checks) starts empty, as on a new task.
  return {
    ...EMPTY_TASK_FORM,
    prompt: draft.prompt,
    responseFormat: draft.responseFormat,
    jsonSchema: draft.jsonSchema,
    authContextId: draft.authContextId ?? "",
    initialUrl: draft.initialUrl,
    webhookUrl: draft.webhookUrl,
    sessionTimeout: String(draft.sessionTimeout),
    credentialNames: draft.credentialNames,
  };
}

/** True when any Advanced Parameter differs from its default (the section then starts open). */
export function hasAdvancedValues(values: TaskFormValues): boolean {
  return (
    values.responseFormat !== "text" ||
    !isBlank(values.jsonSchema) ||
    !isBlank(values.authContextId) ||
    !isBlank(values.initialUrl) ||
    !isBlank(values.webhookUrl) ||
    values.credentialNames.length > 0 ||
    values.tags.length > 0 ||
    !isBlank(values.proxyPool) ||
    !isBlank(values.maxCostUsd) ||
    !isBlank(values.maxSteps) ||
    !isBlank(values.allowedDomains) ||
    toChecks(values.checks) !== null ||
    toRetryPolicy(values.checks) !== null ||
    asksApproval(values.approval) ||
    !values.recording ||
    parseSessionTimeout(values.sessionTimeout) !== SESSION_TIMEOUT.default
  );
}

/**
 * Whether the person has zero (or less) of both credits and free prompts (spec section 5), not
 * counting what runs in progress hold.
 */
export function hasNoBalance(balance: { freePrompts: number; credits: number; heldFreePrompts?: number; heldCredits?: number }): boolean {
  return balance.freePrompts - (balance.heldFreePrompts ?? 0) <= 0 && balance.credits - (balance.heldCredits ?? 0) <= 0;
}
