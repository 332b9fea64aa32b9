import { PRODUCT_NAME } from "@errand/contract";
import type { OpenAPIHono } from "@hono/zod-openapi";

/**
 * The public API's OpenAPI 3.1 document, generated from the zod contracts of the registered
 * routes. docs/openapi.json is this document, committed (`npm run openapi` rewrites it).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function openApiDocument(api: OpenAPIHono<any>) {
  return api.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: `${PRODUCT_NAME} API`,
      version: "1.0.0",
      description:
        'Describe a web task in plain language; an AI agent does it in a real browser. Authenticate with your API key in the `x-api-key` header. Every error is `{ "error": { "code", "message", "fields"? } }`.',
    },
    servers: [{ url: "/api/v1" }],
    security: [{ apiKey: [] }],
  });
}

/** Declares the x-api-key scheme once on the API's registry. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function registerSecurityScheme(api: OpenAPIHono<any>) {
  api.openAPIRegistry.registerComponent("securitySchemes", "apiKey", { type: "apiKey", in: "header", name: "x-api-key" });
}
