import { API_ROUTES, operationPath, type ApiOperationId } from "@errand/contract/routes";
import type { ApiCallArgs, ApiResult } from "@errand/contract";
import type { HttpClient, Query } from "./http-client.ts";
import type { RequestOptions } from "./types.ts";

/**
 * @internal
 * Calls one operation of the API by name: its method and path from the contract's route table
 * (the SDK's only runtime import of the contract), its argument and answer types from the
 * operation's description.
 */
export function callOperation<Id extends ApiOperationId>(
  http: HttpClient,
  id: Id,
  args: ApiCallArgs<Id>,
  options?: RequestOptions,
): Promise<ApiResult<Id>> {
  const { method, path } = API_ROUTES[id];
  return http.request<ApiResult<Id>>(
    {
      method: method.toUpperCase() as Uppercase<typeof method>,
      path: operationPath(path, args.params as Record<string, string> | undefined),
      query: args.query as Query | undefined,
      body: args.body,
    },
    options,
  );
}
