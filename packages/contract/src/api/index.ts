import type { z } from "zod";
import { accountOperations } from "./account-operations.ts";
import { apiKeyOperations } from "./api-key-operations.ts";
import { approvalOperations } from "./approval-operations.ts";
import { auditOperations } from "./audit-operations.ts";
import { batchOperations, createBatchQuerySchema } from "./batch-operations.ts";
import { evaluationOperations } from "./evaluation-operations.ts";
import { authContextOperations } from "./auth-context-operations.ts";
import { automationOperations } from "./automation-operations.ts";
import { credentialOperations } from "./credential-operations.ts";
import { fileListQuerySchema, fileOperations } from "./file-operations.ts";
import { proxyOperations } from "./proxy-operations.ts";
import { publicOperations } from "./public-operations.ts";
import { runExportOperations } from "./run-export-operations.ts";
import { runOperations } from "./run-operations.ts";
import { runMessageOperations } from "./run-message-operations.ts";
import { scheduleOperations } from "./schedule-operations.ts";
import { sessionRecordingOperations } from "./session-recording-operations.ts";
import { taskOperations } from "./task-operations.ts";
import { webhookOperations } from "./webhook-operations.ts";
import { workspaceOperations } from "./workspace-operations.ts";
import type { ApiOperationId } from "./routes.ts";

export * from "./routes.ts";
export {
  area,
  commonErrors,
  idParam,
  idempotencyHeaders,
  jsonBody,
  jsonContent,
  slugParam,
  type OperationDescription,
} from "./describe.ts";
export { authContextListSchema } from "./auth-context-operations.ts";
export { recentRunsQuerySchema, runPublicSchema, runStepsSchema, screenshotParams, taskRunsSchema } from "./run-operations.ts";
export { fileListQuerySchema, createBatchQuerySchema };
export {
  accountOperations,
  apiKeyOperations,
  approvalOperations,
  auditOperations,
  authContextOperations,
  batchOperations,
  evaluationOperations,
  automationOperations,
  credentialOperations,
  fileOperations,
  proxyOperations,
  publicOperations,
  runExportOperations,
  runOperations,
  runMessageOperations,
  scheduleOperations,
  sessionRecordingOperations,
  taskOperations,
  webhookOperations,
  workspaceOperations,
};

/**
 * The public API, every operation described once: the server registers its routes from these,
 * the OpenAPI document is generated from them, the web app calls through them, and the SDK and
 * the MCP server take their types from them.
 */
export const apiOperations = {
  ...runOperations,
  ...approvalOperations,
  ...runExportOperations,
  ...sessionRecordingOperations,
  ...runMessageOperations,
  ...taskOperations,
  ...scheduleOperations,
  ...batchOperations,
  ...evaluationOperations,
  ...accountOperations,
  ...apiKeyOperations,
  ...auditOperations,
  ...webhookOperations,
  ...authContextOperations,
  ...credentialOperations,
  ...proxyOperations,
  ...fileOperations,
  ...automationOperations,
  ...publicOperations,
  ...workspaceOperations,
} satisfies Record<ApiOperationId, { operationId: ApiOperationId }>;

export type ApiOperations = typeof apiOperations;
export type ApiOperation = ApiOperations[ApiOperationId];

type JsonSchemaOf<R> = R extends { content: { "application/json": { schema: infer S extends z.ZodType } } } ? S : never;
// Spread response maps key their statuses as strings ("201"), others as numbers.
type SuccessStatus = 200 | 201 | 204 | "200" | "201" | "204";
/**
 * A body as a caller writes it. zod types a preprocessed field's input as a required `unknown`
 * (it accepts anything and converts it): such a field is optional here, typed by what it becomes.
 */
type Sent<I, O> = { [K in keyof I as unknown extends I[K] ? K : never]?: K extends keyof O ? O[K] : I[K] } & {
  [K in keyof I as unknown extends I[K] ? never : K]: I[K];
};
type RequestOf<O> = O extends { request: infer R } ? R : Record<string, never>;

/** What a successful call of the operation answers (undefined for 204 No Content). */
export type OperationResult<O> = O extends { responses: infer R }
  ? { [S in keyof R & SuccessStatus]: JsonSchemaOf<R[S]> extends never ? undefined : z.output<JsonSchemaOf<R[S]>> }[keyof R & SuccessStatus]
  : never;
/** The operation's path parameters as sent. */
export type OperationParams<O> = RequestOf<O> extends { params: infer P extends z.ZodType } ? z.input<P> : undefined;
/** The operation's query as sent. */
export type OperationQuery<O> = RequestOf<O> extends { query: infer Q extends z.ZodType } ? z.input<Q> : undefined;
/** The operation's JSON body as sent. */
export type OperationBody<O> =
  RequestOf<O> extends { body: { content: { "application/json": { schema: infer B extends z.ZodType } } } }
    ? Sent<z.input<B>, z.output<B>>
    : undefined;

/** By name: what the operation answers and what it takes. */
export type ApiResult<Id extends ApiOperationId> = OperationResult<ApiOperations[Id]>;
export type ApiParams<Id extends ApiOperationId> = OperationParams<ApiOperations[Id]>;
export type ApiQuery<Id extends ApiOperationId> = OperationQuery<ApiOperations[Id]>;
export type ApiBody<Id extends ApiOperationId> = OperationBody<ApiOperations[Id]>;

type Part<K extends string, T, Optional extends boolean = false> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : Optional extends true
    ? { [P in K]?: T }
    : { [P in K]: T };

/** What a call of the operation sends: its path parameters and body when it has them, its query when given. */
export type ApiCallArgs<Id extends ApiOperationId> = Part<"params", ApiParams<Id>> &
  Part<"query", ApiQuery<Id>, true> &
  Part<"body", ApiBody<Id>>;
