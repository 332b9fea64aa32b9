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
/** The request of an operation on one object named by its id in the path. */
export const byId = { params: idParam };
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

/** The statuses the API's errors are answered with. */
type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 429 | 503;
/** Errors an operation answers beside the common ones, each described. */
export type ErrorAnswers = Partial<Record<ErrorStatus, OperationDescription["responses"][number]>>;
/** None but the common errors. */
export type NoOtherErrors = Record<never, never>;

/** A success answer beside the common errors and the others given (which take the place of a common one). */
const answers = <const A extends object, const E extends ErrorAnswers>(success: A, errors: E) =>
  ({ ...success, ...commonErrors, ...errors }) as A & Omit<typeof commonErrors, keyof E> & E;

/** A 200 with a JSON body, beside the errors. */
export const ok = <const S extends z.ZodType, const D extends string, const E extends ErrorAnswers = NoOtherErrors>(
  schema: S,
  description: D,
  errors = {} as E,
) => answers({ 200: jsonContent(schema, description) }, errors);

/** A 200 that is `what` as JSON or, with format=csv, as a CSV file to download, beside the common errors. */
export const okOrCsv = <const S extends z.ZodType, const D extends string>(schema: S, what: D) =>
  answers(
    {
      200: {
        description: `${what}: JSON, or with format=csv a CSV file (Content-Disposition names it)` as const,
        content: { "application/json": { schema }, "text/csv": { schema: z.string() } },
      },
    },
    {} as NoOtherErrors,
  );

/** A 201 with the made object as JSON, beside the errors. */
export const created = <const S extends z.ZodType, const D extends string, const E extends ErrorAnswers = NoOtherErrors>(
  schema: S,
  description: D,
  errors = {} as E,
) => answers({ 201: jsonContent(schema, description) }, errors);

/** A 204 (nothing to answer), beside the errors. */
export const noContent = <const D extends string = "Deleted", const E extends ErrorAnswers = NoOtherErrors>(
  description = "Deleted" as D,
  errors = {} as E,
) => answers({ 204: { description } }, errors);

/** An operation's description but its tags (answers are checked by the helpers above, and every operation by the server's createRoute). */
type Described = Omit<OperationDescription, "tags" | "responses"> & { responses: object };

/**
 * Operations of one area of the API, each under the area's tags: `op(operationId, description)`
 * is the operation, its method and path (from API_ROUTES) and its description.
 */
export function area(tags: string[]) {
  return <const Id extends ApiOperationId, const D extends Described>(operationId: Id, description: D) =>
    ({ operationId, ...API_ROUTES[operationId], tags, ...description }) as { operationId: Id } & (typeof API_ROUTES)[Id] & {
        tags: string[];
      } & D;
}
