import { API_ROUTES, API_V1_PREFIX, operationPath, type ApiCallArgs, type ApiOperationId, type ApiResult } from "@errand/contract";
import { apiRequest, type Parser } from "./http";

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

/**
 * Calls an operation of the contract by name. Its answer is the server's, typed by the contract
 * and not checked again here: building the contract's schemas cost every page load more than
 * anything it rendered, and our own server answers them (the SDK does the same;
 * docs/adr/0052-a-cheaper-signed-in-page-load.md). What a person types is still checked with the
 * contract's schemas where a form is sent.
 */
export function callOperation<Id extends ApiOperationId>(id: Id, args: OperationArgs<Id>): Promise<ApiResult<Id>> {
  return requestOperation(id, args, answerAsSent<ApiResult<Id>>());
}

const asSent: Parser<unknown> = { parse: (data) => data ?? undefined };
/** The answer as JSON gives it (nothing for a 204's empty body), typed by the caller. */
export const answerAsSent = <T>() => asSent as Parser<T>;
