// The few Errand API calls the nodes make, through n8n's own authenticated request helper
// (no HTTP client of ours: community nodes may not bring runtime dependencies).
import type { IDataObject, IExecuteFunctions, IHookFunctions, IHttpRequestMethods, ILoadOptionsFunctions, JsonObject } from "n8n-workflow";
import { NodeApiError } from "n8n-workflow";

export const CREDENTIAL_NAME = "errandApi";

export type ErrandContext = IExecuteFunctions | ILoadOptionsFunctions | IHookFunctions;

export interface ErrandResponse<T> {
  statusCode: number;
  body: T;
}

/** Calls `<baseUrl>/api/v1<path>` with the credential's key; answers every status (the caller decides). */
export async function errandCall<T = IDataObject>(
  ctx: ErrandContext,
  method: IHttpRequestMethods,
  path: string,
  options: { body?: IDataObject; qs?: IDataObject } = {},
): Promise<ErrandResponse<T>> {
  const credentials = await ctx.getCredentials(CREDENTIAL_NAME);
  const baseUrl = String(credentials.baseUrl ?? "").replace(/\/+$/, "");
  const response = (await ctx.helpers.httpRequestWithAuthentication.call(ctx, CREDENTIAL_NAME, {
    method,
    url: `${baseUrl}/api/v1${path}`,
    body: options.body,
    qs: options.qs,
    json: true,
    returnFullResponse: true,
    ignoreHttpStatusErrors: true,
  })) as { statusCode: number; body: T };
  return { statusCode: response.statusCode, body: response.body };
}

/** Like errandCall, but a non-2xx answer throws NodeApiError with the API's own message. */
export async function errandRequest<T = IDataObject>(
  ctx: ErrandContext,
  method: IHttpRequestMethods,
  path: string,
  options: { body?: IDataObject; qs?: IDataObject; itemIndex?: number } = {},
): Promise<T> {
  const response = await errandCall<T>(ctx, method, path, options);
  if (response.statusCode >= 200 && response.statusCode < 300) return response.body;
  throw apiError(ctx, response, options.itemIndex);
}

function apiError(ctx: ErrandContext, response: ErrandResponse<unknown>, itemIndex?: number): NodeApiError {
  const error = (response.body as { error?: { code?: string; message?: string; fields?: { path: string; message: string }[] } } | null)
    ?.error;
  const fields = error?.fields?.map((f) => `${f.path}: ${f.message}`).join("; ");
  return new NodeApiError(ctx.getNode(), (response.body ?? {}) as JsonObject, {
    httpCode: String(response.statusCode),
    message: error?.message ?? `Errand answered ${response.statusCode}`,
    description: fields || undefined,
    itemIndex,
  });
}
