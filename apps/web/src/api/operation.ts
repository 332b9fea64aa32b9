import {
  API_ROUTES,
  API_V1_PREFIX,
  operationPath,
  type ApiCallArgs,
  type ApiOperation,
  type ApiOperationId,
  type ApiResult,
} from "@errand/contract";
import { apiRequest, ignoreBody, type Parser } from "./http";

/** What a call of the operation sends, typed by the contract, and how the browser sends it. */
export type OperationArgs<Id extends ApiOperationId> = ApiCallArgs<Id> & { signal?: AbortSignal; cache?: RequestCache };

/** The operation's address on this site, e.g. /api/v1/runs/{id} with its id. Empty query values are left out. */
export function operationUrl(id: ApiOperationId, params?: object, query?: object): string {
  const path = API_V1_PREFIX + operationPath(API_ROUTES[id].path, params as Record<string, string> | undefined);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * Calls an operation by name with a parser of its own: for the first-load pages, which check
 * answers by hand to keep zod out of the entry chunk (the route table has no zod).
 */
export function requestOperation<Id extends ApiOperationId>(
  id: Id,
  args: OperationArgs<Id>,
  parser: Parser<ApiResult<Id>>,
): Promise<ApiResult<Id>> {
  const { method } = API_ROUTES[id];
  return apiRequest(operationUrl(id, args.params as object | undefined, args.query as object | undefined), parser, {
    method: method.toUpperCase() as Uppercase<typeof method>,
    body: args.body as unknown,
    signal: args.signal,
    cache: args.cache,
  });
}

/** Calls an operation of the contract; its answer is checked by the operation's own schema. */
export function callOperation<O extends ApiOperation>(
  operation: O,
  args: OperationArgs<O["operationId"]>,
): Promise<ApiResult<O["operationId"]>> {
  // Typed by the operation at the call; inside, any operation goes.
  return requestOperation(operation.operationId as ApiOperationId, args as never, resultParser(operation) as never) as Promise<
    ApiResult<O["operationId"]>
  >;
}

/** The schema of the operation's success answer (none for 204 No Content). */
function resultParser(operation: ApiOperation): Parser<unknown> {
  const responses = operation.responses as Record<number, { content?: { "application/json"?: { schema: Parser<unknown> } } } | undefined>;
  const success = responses[200] ?? responses[201] ?? responses[204];
  return success?.content?.["application/json"]?.schema ?? ignoreBody;
}
