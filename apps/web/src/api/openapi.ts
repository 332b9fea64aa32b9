import { queryOptions } from "@tanstack/react-query";
import { parseOpenApiDocument, type OpenApiDocument } from "../lib/developer/openapi-reference";
import { apiRequest } from "./http";

/** The server's public OpenAPI 3.1 document (no key needed). */
export const OPENAPI_DOCUMENT_PATH = "/api/v1/openapi.json";

export function getOpenApiDocument(signal?: AbortSignal): Promise<OpenApiDocument> {
  return apiRequest(OPENAPI_DOCUMENT_PATH, { parse: parseOpenApiDocument }, { signal });
}

export const openApiQueryOptions = queryOptions({
  queryKey: ["openapi"],
  queryFn: ({ signal }) => getOpenApiDocument(signal),
  // The document only changes with a deploy.
  staleTime: Infinity,
  refetchOnWindowFocus: false,
  retry: 1,
});
