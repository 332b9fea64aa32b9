/**
 * Every operation of the public API by name: its method and its path below /api/v1. This file has
 * no zod on purpose: the SDK bundles it to build its requests, while everything else about an
 * operation (parameters, bodies, answers, words) is in ./operations and typed from there.
 */
export const API_ROUTES = {
  // Runs
  createRun: { method: "post", path: "/runs" },
  createTaskRun: { method: "post", path: "/tasks/{id}/runs" },
  listRecentRuns: { method: "get", path: "/runs" },
  getRun: { method: "get", path: "/runs/{id}" },
  listRunSteps: { method: "get", path: "/runs/{id}/steps" },
  listTaskRuns: { method: "get", path: "/tasks/{id}/runs" },
  cancelRun: { method: "post", path: "/runs/{id}/cancel" },
  sendRunMessage: { method: "post", path: "/runs/{id}/messages" },
  listRunMessages: { method: "get", path: "/runs/{id}/messages" },
  setRunLimits: { method: "patch", path: "/runs/{id}/limits" },
  answerRunApproval: { method: "post", path: "/runs/{id}/approval" },
  getApprovalScreenshot: { method: "get", path: "/runs/{id}/approval/screenshot" },
  streamRunEvents: { method: "get", path: "/runs/{id}/events" },
  streamAccountEvents: { method: "get", path: "/events" },
  makeRunPublic: { method: "get", path: "/runs/{id}/make-public" },
  openRunLive: { method: "post", path: "/runs/{id}/live" },
  setRunController: { method: "post", path: "/runs/{id}/control" },
  listWebhookDeliveries: { method: "get", path: "/runs/{id}/webhook-deliveries" },
  redeliverWebhook: { method: "post", path: "/runs/{id}/webhook-deliveries/redeliver" },
  getRunShare: { method: "get", path: "/runs/{id}/share" },
  shareRun: { method: "post", path: "/runs/{id}/share" },
  unshareRun: { method: "delete", path: "/runs/{id}/share" },
  getScreenshot: { method: "get", path: "/{type}/{id}/screenshot" },
  getRunHar: { method: "get", path: "/runs/{id}/har" },
  getRunTrace: { method: "get", path: "/runs/{id}/trace" },
  getRunBundle: { method: "get", path: "/runs/{id}/bundle" },
  getRunRecording: { method: "get", path: "/runs/{id}/recording" },
  // Tasks
  listTasks: { method: "get", path: "/tasks" },
  getTask: { method: "get", path: "/tasks/{id}" },
  updateTask: { method: "patch", path: "/tasks/{id}" },
  deleteTask: { method: "delete", path: "/tasks/{id}" },
  // Recordings
  listTaskRecordings: { method: "get", path: "/tasks/{id}/recordings" },
  exportRecordingPlaywright: { method: "get", path: "/tasks/{id}/recordings/{version}/playwright" },
  // Schedules
  getTaskSchedule: { method: "get", path: "/tasks/{id}/schedule" },
  setTaskSchedule: { method: "put", path: "/tasks/{id}/schedule" },
  pauseTaskSchedule: { method: "post", path: "/tasks/{id}/schedule/pause" },
  resumeTaskSchedule: { method: "post", path: "/tasks/{id}/schedule/resume" },
  deleteTaskSchedule: { method: "delete", path: "/tasks/{id}/schedule" },
  // Batches
  createBatch: { method: "post", path: "/tasks/{id}/batches" },
  listBatches: { method: "get", path: "/batches" },
  getBatch: { method: "get", path: "/batches/{id}" },
  listBatchRows: { method: "get", path: "/batches/{id}/rows" },
  getBatchResults: { method: "get", path: "/batches/{id}/results" },
  pauseBatch: { method: "post", path: "/batches/{id}/pause" },
  resumeBatch: { method: "post", path: "/batches/{id}/resume" },
  cancelBatch: { method: "post", path: "/batches/{id}/cancel" },
  rerunFailedBatchRows: { method: "post", path: "/batches/{id}/rerun-failed" },
  // Evaluations (docs/adr/0044-evaluations.md)
  createEvaluation: { method: "post", path: "/evaluations" },
  listEvaluations: { method: "get", path: "/evaluations" },
  getEvaluation: { method: "get", path: "/evaluations/{id}" },
  cancelEvaluation: { method: "post", path: "/evaluations/{id}/cancel" },
  deleteEvaluation: { method: "delete", path: "/evaluations/{id}" },
  getEvaluationReport: { method: "get", path: "/evaluations/{id}/report" },
  getEvaluationShare: { method: "get", path: "/evaluations/{id}/share" },
  shareEvaluation: { method: "post", path: "/evaluations/{id}/share" },
  unshareEvaluation: { method: "delete", path: "/evaluations/{id}/share" },
  getSharedEvaluation: { method: "get", path: "/shared/evaluations/{token}" },
  // Account
  getAccount: { method: "get", path: "/account" },
  revealApiKey: { method: "get", path: "/account/api-key" },
  rotateApiKey: { method: "post", path: "/account/api-key/rotate" },
  getWebhookSecret: { method: "get", path: "/account/webhook-secret" },
  deleteAccount: { method: "delete", path: "/account" },
  getSiteConfig: { method: "get", path: "/site-config" },
  getPasswordResetStatus: { method: "get", path: "/password-reset/{token}" },
  // Named API keys
  listApiKeys: { method: "get", path: "/api-keys" },
  createApiKey: { method: "post", path: "/api-keys" },
  revokeApiKey: { method: "delete", path: "/api-keys/{id}" },
  // Audit log
  listAuditEvents: { method: "get", path: "/audit-events" },
  // Account webhooks
  createWebhook: { method: "post", path: "/webhooks" },
  listWebhooks: { method: "get", path: "/webhooks" },
  getWebhook: { method: "get", path: "/webhooks/{id}" },
  deleteWebhook: { method: "delete", path: "/webhooks/{id}" },
  testWebhook: { method: "post", path: "/webhooks/{id}/test" },
  listWebhookEndpointDeliveries: { method: "get", path: "/webhooks/{id}/deliveries" },
  // Billing
  createPayment: { method: "post", path: "/payments" },
  listTransactions: { method: "get", path: "/transactions" },
  getUsage: { method: "get", path: "/usage" },
  getSpendingLimit: { method: "get", path: "/workspaces/current/spending-limit" },
  setSpendingLimit: { method: "put", path: "/workspaces/current/spending-limit" },
  // Auth contexts
  listAuthContexts: { method: "get", path: "/auth-contexts" },
  getAuthContext: { method: "get", path: "/auth-contexts/{id}" },
  deleteAuthContext: { method: "delete", path: "/auth-contexts/{id}" },
  openLoginSession: { method: "post", path: "/auth-contexts/sessions" },
  closeLoginSession: { method: "delete", path: "/auth-contexts/sessions/{id}" },
  createAuthContext: { method: "post", path: "/auth-contexts" },
  openRelogInSession: { method: "post", path: "/auth-contexts/{id}/sessions" },
  replaceAuthContextState: { method: "put", path: "/auth-contexts/{id}/state" },
  // Credentials
  listCredentials: { method: "get", path: "/credentials" },
  createCredential: { method: "post", path: "/credentials" },
  getCredential: { method: "get", path: "/credentials/{id}" },
  updateCredential: { method: "patch", path: "/credentials/{id}" },
  deleteCredential: { method: "delete", path: "/credentials/{id}" },
  // Proxies
  listProxyPools: { method: "get", path: "/proxy-pools" },
  createProxyPool: { method: "post", path: "/proxy-pools" },
  getProxyPool: { method: "get", path: "/proxy-pools/{id}" },
  updateProxyPool: { method: "patch", path: "/proxy-pools/{id}" },
  deleteProxyPool: { method: "delete", path: "/proxy-pools/{id}" },
  // Files
  uploadFile: { method: "post", path: "/files" },
  listFiles: { method: "get", path: "/files" },
  getFile: { method: "get", path: "/files/{id}" },
  deleteFile: { method: "delete", path: "/files/{id}" },
  getFileContent: { method: "get", path: "/files/{id}/content" },
  listRunFiles: { method: "get", path: "/runs/{id}/files" },
  // Automations
  listAutomations: { method: "get", path: "/automations" },
  getAutomationFacets: { method: "get", path: "/automations/facets" },
  getAutomation: { method: "get", path: "/automations/{slug}" },
  listAutomationDemoRuns: { method: "get", path: "/automations/{slug}/demo-runs" },
  recordAutomationDemo: { method: "post", path: "/automations/{slug}/demo-runs" },
  setAutomationDemo: { method: "put", path: "/automations/{slug}/demo" },
  runAutomation: { method: "post", path: "/automations/{slug}/runs" },
  // Demos and shared runs (public)
  getDemoRun: { method: "get", path: "/demo/{id}" },
  getSharedRun: { method: "get", path: "/shared/{token}" },
  getSharedScreenshot: { method: "get", path: "/shared/{token}/screenshots/{id}" },
  // Workspaces
  listWorkspaces: { method: "get", path: "/workspaces" },
  createWorkspace: { method: "post", path: "/workspaces" },
  updateWorkspace: { method: "patch", path: "/workspaces/{id}" },
  deleteWorkspace: { method: "delete", path: "/workspaces/{id}" },
  listWorkspaceMembers: { method: "get", path: "/workspaces/{id}/members" },
  updateWorkspaceMember: { method: "patch", path: "/workspaces/{id}/members/{userId}" },
  removeWorkspaceMember: { method: "delete", path: "/workspaces/{id}/members/{userId}" },
  createWorkspaceInvitation: { method: "post", path: "/workspaces/{id}/invitations" },
  listWorkspaceInvitations: { method: "get", path: "/workspaces/{id}/invitations" },
  revokeWorkspaceInvitation: { method: "delete", path: "/workspaces/{id}/invitations/{invitationId}" },
  getInvitation: { method: "get", path: "/invitations/{token}" },
  acceptInvitation: { method: "post", path: "/invitations/{token}/accept" },
  // Contact
  sendContactMessage: { method: "post", path: "/contact-messages" },
} as const satisfies Record<string, ApiRoute>;

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

export interface ApiRoute {
  method: HttpMethod;
  /** Below /api/v1; `{name}` marks a path parameter. */
  path: string;
}

export type ApiOperationId = keyof typeof API_ROUTES;

/** Where the public API lives on a server. */
export const API_V1_PREFIX = "/api/v1";

/** The path of an operation with its parameters filled in (each one URL-encoded), below /api/v1. */
export function operationPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
