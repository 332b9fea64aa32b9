/**
 * The code samples of an API reference operation: curl, the TypeScript SDK (packages/sdk) and the
 * Python SDK (sdks/python). An operation an SDK has a method for is shown through that method;
 * any other is a plain HTTP call in that language (fetch, httpx).
 */
import type { ApiOperation } from "./openapi-reference";

export type SampleLanguage = "curl" | "typescript" | "python";

export interface CodeSample {
  language: SampleLanguage;
  label: string;
  code: string;
}

/**
 * How a method is called: `path` takes the path's parameters in order, `body` the JSON body after
 * them, `stream` iterates what the method yields, `none` takes no argument.
 */
type CallStyle = "path" | "path+body" | "body" | "none" | "stream";

interface SdkMethods {
  typescript?: string;
  python?: string;
  style: CallStyle;
  /** The body's one field a method takes as its argument instead of the body (Python's `workspaces.create(name)`). */
  bodyField?: string;
}

/** The SDKs' methods by operationId; a language without one shows the plain HTTP call. */
export const SDK_METHODS: Record<string, SdkMethods> = {
  createRun: { typescript: "runs.create", python: "runs.create", style: "body" },
  listRecentRuns: { typescript: "runs.list", python: "runs.list", style: "none" },
  getRun: { typescript: "runs.get", python: "runs.get", style: "path" },
  listRunSteps: { typescript: "runs.steps", python: "runs.steps", style: "path" },
  cancelRun: { typescript: "runs.cancel", python: "runs.cancel", style: "path" },
  setRunLimits: { typescript: "runs.setLimits", python: "runs.set_limits", style: "path+body" },
  streamRunEvents: { typescript: "runs.stream", python: "runs.stream", style: "stream" },
  listRunFiles: { typescript: "runs.files", python: "runs.files", style: "path" },
  listTasks: { typescript: "tasks.list", python: "tasks.list", style: "none" },
  getTask: { typescript: "tasks.get", python: "tasks.get", style: "path" },
  updateTask: { typescript: "tasks.update", python: "tasks.update", style: "path+body" },
  deleteTask: { typescript: "tasks.delete", python: "tasks.delete", style: "path" },
  createTaskRun: { typescript: "tasks.run", python: "tasks.run", style: "path+body" },
  listTaskRuns: { typescript: "tasks.runs", python: "tasks.runs", style: "path" },
  listTaskRecordings: { typescript: "tasks.recordings", python: "tasks.recordings", style: "path" },
  exportRecordingPlaywright: { typescript: "tasks.recordingAsPlaywright", python: "tasks.recording_as_playwright", style: "path" },
  getTaskSchedule: { python: "schedules.get", style: "path" },
  setTaskSchedule: { python: "schedules.set", style: "path+body" },
  deleteTaskSchedule: { python: "schedules.delete", style: "path" },
  pauseTaskSchedule: { python: "schedules.pause", style: "path" },
  resumeTaskSchedule: { python: "schedules.resume", style: "path" },
  createBatch: { typescript: "batches.create", python: "batches.create", style: "path+body" },
  listBatches: { typescript: "batches.list", python: "batches.list", style: "none" },
  getBatch: { typescript: "batches.get", python: "batches.get", style: "path" },
  listBatchRows: { typescript: "batches.rows", python: "batches.rows", style: "path" },
  getBatchResults: { typescript: "batches.results", python: "batches.results", style: "path" },
  pauseBatch: { typescript: "batches.pause", python: "batches.pause", style: "path" },
  resumeBatch: { typescript: "batches.resume", python: "batches.resume", style: "path" },
  cancelBatch: { typescript: "batches.cancel", python: "batches.cancel", style: "path" },
  rerunFailedBatchRows: { typescript: "batches.rerunFailed", python: "batches.rerun_failed", style: "path" },
  listAuthContexts: { typescript: "authContexts.list", python: "auth_contexts.list", style: "none" },
  getAuthContext: { typescript: "authContexts.get", python: "auth_contexts.get", style: "path" },
  deleteAuthContext: { typescript: "authContexts.delete", python: "auth_contexts.delete", style: "path" },
  listCredentials: { python: "credentials.list", style: "none" },
  createCredential: { python: "credentials.create", style: "body" },
  getCredential: { python: "credentials.get", style: "path" },
  updateCredential: { python: "credentials.update", style: "path+body" },
  deleteCredential: { python: "credentials.delete", style: "path" },
  listFiles: { typescript: "files.list", python: "files.list", style: "none" },
  getFile: { typescript: "files.get", python: "files.get", style: "path" },
  deleteFile: { typescript: "files.delete", python: "files.delete", style: "path" },
  getFileContent: { typescript: "files.content", python: "files.content", style: "path" },
  listAutomations: { typescript: "automations.list", python: "automations.list", style: "none" },
  getAutomation: { typescript: "automations.get", python: "automations.get", style: "path" },
  getAutomationFacets: { typescript: "automations.facets", python: "automations.facets", style: "none" },
  runAutomation: { typescript: "automations.run", python: "automations.run", style: "path+body" },
  getAccount: { typescript: "account.get", python: "account.get", style: "none" },
  getUsage: { typescript: "account.usage", python: "account.usage", style: "none" },
  getWebhookSecret: { python: "account.webhook_secret", style: "none" },
  createWebhook: { python: "webhooks.create", style: "body" },
  listWebhooks: { python: "webhooks.list", style: "none" },
  getWebhook: { python: "webhooks.get", style: "path" },
  deleteWebhook: { python: "webhooks.delete", style: "path" },
  testWebhook: { python: "webhooks.test", style: "path" },
  listWebhookEndpointDeliveries: { python: "webhooks.deliveries", style: "path" },
  deleteAccount: { typescript: "account.delete", python: "account.delete", style: "none" },
  listWorkspaces: { typescript: "workspaces.list", python: "workspaces.list", style: "none" },
  createWorkspace: { python: "workspaces.create", style: "body", bodyField: "name" },
  listWorkspaceMembers: { typescript: "workspaces.members", python: "workspaces.members", style: "path" },
  createWorkspaceInvitation: { typescript: "workspaces.invite", python: "workspaces.invite", style: "path+body" },
  listAuditEvents: { typescript: "workspaces.auditEvents", python: "workspaces.audit_events", style: "none" },
  listApiKeys: { typescript: "workspaces.apiKeys", python: "workspaces.api_keys", style: "none" },
  createApiKey: { typescript: "workspaces.createApiKey", python: "workspaces.create_api_key", style: "body" },
  revokeApiKey: { typescript: "workspaces.revokeApiKey", python: "workspaces.revoke_api_key", style: "path" },
  createEvaluation: { typescript: "evaluations.create", python: "evaluations.create", style: "body" },
  listEvaluations: { typescript: "evaluations.list", python: "evaluations.list", style: "none" },
  getEvaluation: { typescript: "evaluations.get", python: "evaluations.get", style: "path" },
  cancelEvaluation: { typescript: "evaluations.cancel", python: "evaluations.cancel", style: "path" },
  deleteEvaluation: { typescript: "evaluations.delete", python: "evaluations.delete", style: "path" },
  getEvaluationReport: { typescript: "evaluations.report", python: "evaluations.report", style: "path" },
  shareEvaluation: { typescript: "evaluations.share", python: "evaluations.share", style: "path" },
  unshareEvaluation: { typescript: "evaluations.unshare", python: "evaluations.unshare", style: "path" },
};

/** `{id}` in a path becomes the placeholder ID, `{userId}` USER_ID. */
function placeholder(name: string): string {
  return name.replace(/([a-z])([A-Z])/g, "$1_$2").toUpperCase();
}

function pathParams(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => placeholder(match[1]!));
}

function filledPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => placeholder(name));
}

function hasBody(operation: ApiOperation): boolean {
  return operation.body?.contentType === "application/json";
}

/** A JSON value as Python source: JSON's literals are Python's but for true, false and null. */
export function pythonLiteral(value: unknown, indent = ""): string {
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "string" || typeof value === "number") return JSON.stringify(value);
  const inner = `${indent}    `;
  if (Array.isArray(value)) return value.length ? `[${value.map((v) => pythonLiteral(v, indent)).join(", ")}]` : "[]";
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return "{}";
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${pythonLiteral(v, inner)},`).join("\n")}\n${indent}}`;
}

function curlSample(operation: ApiOperation, baseUrl: string): string {
  const lines = [`curl${operation.method === "GET" ? "" : ` -X ${operation.method}`} ${baseUrl}${filledPath(operation.path)}`];
  if (operation.needsKey) lines.push(`  -H "x-api-key: $ERRAND_API_KEY"`);
  if (hasBody(operation)) {
    lines.push(`  -H "Content-Type: application/json"`);
    lines.push(`  -d '${JSON.stringify(operation.body?.example ?? {})}'`);
  }
  return lines.join(" \\\n");
}

/** The body's example, or its one field a method takes instead (`bodyField`). */
function bodyArgument(operation: ApiOperation, bodyField: string | undefined): unknown {
  const example = operation.body?.example ?? {};
  return bodyField ? (example as Record<string, unknown>)[bodyField] : example;
}

function typescriptCall({ typescript: method, style, bodyField }: SdkMethods & { typescript: string }, operation: ApiOperation): string {
  const args = pathParams(operation.path).map((p) => JSON.stringify(p));
  if (style === "body" || style === "path+body") args.push(JSON.stringify(bodyArgument(operation, bodyField), null, 2));
  const call = `errand.${method}(${args.join(", ")})`;
  if (style === "stream") return `for await (const event of ${call}) console.log(event);`;
  return operation.method === "DELETE" ? `await ${call};` : `console.log(await ${call});`;
}

function typescriptSample(operation: ApiOperation, baseUrl: string): string {
  const method = operation.operationId ? SDK_METHODS[operation.operationId] : undefined;
  if (method?.typescript) {
    return [
      `import { Errand } from "@errand/sdk";`,
      "",
      "const errand = new Errand(); // ERRAND_API_KEY and ERRAND_URL from the environment",
      typescriptCall({ ...method, typescript: method.typescript }, operation),
    ].join("\n");
  }
  const init = [`method: "${operation.method}"`];
  const headers = [...(operation.needsKey ? [`"x-api-key": process.env.ERRAND_API_KEY!`] : [])];
  if (hasBody(operation)) headers.push(`"content-type": "application/json"`);
  if (headers.length) init.push(`headers: { ${headers.join(", ")} }`);
  if (hasBody(operation)) init.push(`body: JSON.stringify(${JSON.stringify(operation.body?.example ?? {})})`);
  return [
    `const response = await fetch("${baseUrl}${filledPath(operation.path)}", {`,
    ...init.map((line) => `  ${line},`),
    "});",
    "console.log(response.status, await response.text());",
  ].join("\n");
}

function pythonCall({ python: method, style, bodyField }: SdkMethods & { python: string }, operation: ApiOperation): string {
  const args = pathParams(operation.path).map((p) => JSON.stringify(p));
  if (style === "body" || style === "path+body") args.push(pythonLiteral(bodyArgument(operation, bodyField)));
  const call = `errand.${method}(${args.join(", ")})`;
  if (style === "stream") return `for event in ${call}:\n    print(event)`;
  return operation.method === "DELETE" ? call : `print(${call})`;
}

function pythonSample(operation: ApiOperation, baseUrl: string): string {
  const method = operation.operationId ? SDK_METHODS[operation.operationId] : undefined;
  if (method?.python) {
    return [
      "from errand import Errand",
      "",
      "errand = Errand()  # ERRAND_API_KEY and ERRAND_URL from the environment",
      pythonCall({ ...method, python: method.python }, operation),
    ].join("\n");
  }
  const args = [`"${baseUrl}${filledPath(operation.path)}"`];
  if (operation.needsKey) args.push(`headers={"x-api-key": os.environ["ERRAND_API_KEY"]}`);
  if (hasBody(operation)) args.push(`json=${pythonLiteral(operation.body?.example ?? {})}`);
  return [
    ...(operation.needsKey ? ["import os", ""] : []),
    "import httpx",
    "",
    `response = httpx.request("${operation.method}", ${args.join(", ")})`,
    "print(response.status_code, response.text)",
  ].join("\n");
}

/** The operation's samples in the order the reference shows their tabs. */
export function operationSamples(operation: ApiOperation, baseUrl: string): CodeSample[] {
  return [
    { language: "curl", label: "curl", code: curlSample(operation, baseUrl) },
    { language: "typescript", label: "TypeScript", code: typescriptSample(operation, baseUrl) },
    { language: "python", label: "Python", code: pythonSample(operation, baseUrl) },
  ];
}
