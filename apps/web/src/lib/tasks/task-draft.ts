import { automationRunSettings, SESSION_TIMEOUT, TASK_DRAFT_STORAGE_KEY, type AutomationSettings } from "@errand/contract";

/**
 * The task draft kept locally (spec section 3): saved by the home prompt or by
 * "Try This Automation", it pre-fills the dashboard's task form once and is then cleared.
 * Local storage failures are only logged (spec section 8).
 */
export interface TaskDraft {
  prompt: string;
  /** Set when the task needs a saved login; the form then asks before running without one. */
  authContextId: string | null;
  responseFormat: "text" | "json";
  /** JSON schema as the text the form shows. */
  jsonSchema: string;
  webhookUrl: string;
  sessionTimeout: number;
  initialUrl: string;
  /** The automation it came from needs a login: the form asks before running without one. */
  needAuth: boolean;
  /** The vault credentials the task may type (a duplicated task keeps its own). */
  credentialNames: string[];
}

export type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const text = (value: unknown): string => (typeof value === "string" ? value : "");

function schemaText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  return JSON.stringify(value, null, 2);
}

/** A draft from its stored text; tolerant of partial or older shapes. Null when there is none. */
export function parseTaskDraft(raw: string | null): TaskDraft | null {
  if (!raw) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) return null;
  const d = data as Record<string, unknown>;
  const rawTimeout = d.sessionTimeout;
  const timeout =
    typeof rawTimeout === "number" ? rawTimeout : typeof rawTimeout === "string" && rawTimeout.trim() ? Number(rawTimeout) : Number.NaN;
  const draft: TaskDraft = {
    prompt: text(d.prompt),
    authContextId: typeof d.authContextId === "string" && d.authContextId ? d.authContextId : null,
    responseFormat: d.responseFormat === "json" ? "json" : "text",
    jsonSchema: schemaText(d.jsonSchema),
    webhookUrl: text(d.webhookUrl),
    sessionTimeout: Number.isFinite(timeout) ? timeout : SESSION_TIMEOUT.default,
    initialUrl: text(d.initialUrl),
    needAuth: d.needAuth === true,
    credentialNames: Array.isArray(d.credentialNames) ? d.credentialNames.filter((n): n is string => typeof n === "string") : [],
  };
  const empty = !draft.prompt && !draft.jsonSchema && !draft.webhookUrl && !draft.initialUrl && !draft.authContextId;
  return empty ? null : draft;
}

/** A complete draft from a partial one (the home prompt stores only the prompt). */
export function completeDraft(partial: Partial<TaskDraft> & { prompt: string }): TaskDraft {
  return {
    authContextId: null,
    responseFormat: "text",
    jsonSchema: "",
    webhookUrl: "",
    sessionTimeout: SESSION_TIMEOUT.default,
    initialUrl: "",
    needAuth: false,
    credentialNames: [],
    ...partial,
  };
}

function defaultStorage(): StorageLike | null {
  try {
    return globalThis.localStorage ?? null;
  } catch (error) {
    console.warn("Local storage is not available", error);
    return null;
  }
}

export function readTaskDraft(storage: StorageLike | null = defaultStorage()): TaskDraft | null {
  try {
    return parseTaskDraft(storage?.getItem(TASK_DRAFT_STORAGE_KEY) ?? null);
  } catch (error) {
    console.warn("Could not read the task draft", error);
    return null;
  }
}

export function clearTaskDraft(storage: StorageLike | null = defaultStorage()): void {
  try {
    storage?.removeItem(TASK_DRAFT_STORAGE_KEY);
  } catch (error) {
    console.warn("Could not clear the task draft", error);
  }
}

export function saveTaskDraft(draft: Partial<TaskDraft> & { prompt: string }, storage: StorageLike | null = defaultStorage()): void {
  try {
    storage?.setItem(TASK_DRAFT_STORAGE_KEY, JSON.stringify(completeDraft(draft)));
  } catch (error) {
    console.warn("Could not save the task draft", error);
  }
}

/** The settings of a (demo) run as a draft, for "Try This Automation". */
export function draftFromRun(run: {
  prompt: string;
  auth_context_id: string | null;
  response_format: "text" | "json";
  json_schema: unknown;
  session_timeout: number;
  initial_url: string | null;
  webhook_url?: string | null;
  credential_names?: string[];
}): TaskDraft {
  return {
    prompt: run.prompt,
    authContextId: run.auth_context_id,
    responseFormat: run.response_format,
    jsonSchema: schemaText(run.json_schema),
    webhookUrl: run.webhook_url ?? "",
    sessionTimeout: run.session_timeout,
    initialUrl: run.initial_url ?? "",
    needAuth: Boolean(run.auth_context_id),
    credentialNames: run.credential_names ?? [],
  };
}

/**
 * An automation's task settings as a draft, for its "Try This Automation": the contract's one rule
 * for running an automation (automationRunSettings, as POST /automations/{slug}/runs applies it).
 */
export function draftFromAutomation(automation: AutomationSettings & { need_auth: boolean }): TaskDraft {
  const settings = automationRunSettings(automation);
  return {
    ...draftFromRun({ ...settings, initial_url: settings.initial_url ?? null, auth_context_id: null }),
    needAuth: automation.need_auth,
  };
}
