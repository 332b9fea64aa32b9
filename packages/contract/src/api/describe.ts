import { z } from "zod";
import { apiErrorSchema } from "../errors.ts";
import { plainText } from "../input-limits.ts";
import { API_ROUTES, type ApiOperationId } from "./routes.ts";

/** An answer with a JSON body. */
export const jsonContent = <const S extends z.ZodType, const D extends string>(schema: S, description: D) => ({
  description,
  content: { "application/json": { schema } },
});

/** A JSON request body (required unless said otherwise). */
export const jsonBody = <const S extends z.ZodType, const R extends boolean = true>(schema: S, required: R = true as R) => ({
  content: { "application/json": { schema } },
  required,
});

/** The errors any operation behind a key can answer. */
export const commonErrors = {
  400: jsonContent(apiErrorSchema, "Invalid input; `fields` names each problem"),
  401: jsonContent(apiErrorSchema, "Missing or invalid credentials"),
  404: jsonContent(apiErrorSchema, "No such object (or not yours)"),
};

export const idParam = z.object({ id: z.uuid({ error: "id must be a UUID" }) });
/**
 * A path parameter that is text (a slug, a token): control characters are refused with a 400
 * naming it, like every query and body string (Postgres cannot store NUL: it would be a 500).
 */
export const textParam = (name: string) => plainText(name, { oneLine: true }).min(1).max(200);
export const slugParam = z.object({ slug: textParam("slug") });

export const idempotencyHeaders = z.object({
  "idempotency-key": z
    .string()
    .optional()
    .meta({ description: "Send the same key when retrying: the run is created once and the first response is returned again (24 h)." }),
});

/**
 * What the API says about one operation, in OpenAPI's own shape (the server registers it as is
 * and the OpenAPI document is generated from it). `security: []` marks an operation that needs
 * no key.
 */
export interface OperationDescription {
  tags: string[];
  summary: string;
  description?: string;
  security?: [];
  request?: {
    params?: z.ZodObject;
    query?: z.ZodObject;
    headers?: z.ZodObject;
    body?: { content: { "application/json": { schema: z.ZodType } }; required: boolean };
  };
  responses: Record<number, { description: string; content?: Record<string, { schema: z.ZodType }> }>;
}

/** An operation: its name, method and path (from API_ROUTES), and its description. */
export function operation<const Id extends ApiOperationId, const D extends OperationDescription>(operationId: Id, description: D) {
  return { operationId, ...API_ROUTES[operationId], ...description } as { operationId: Id } & (typeof API_ROUTES)[Id] & D;
}
