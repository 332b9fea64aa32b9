import type { ApiError, ErrorCode } from "@errand/contract";
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable, ServiceError } from "@errand/services";
import type { Logger } from "@errand/services/logging";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";

export const STATUS_BY_CODE: Record<ErrorCode, ContentfulStatusCode> = {
  validation_error: 400,
  invalid_json: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  too_many_runs: 429,
  payload_too_large: 413,
  insufficient_credits: 402,
  spending_limit_reached: 402,
  unavailable: 503,
  internal_error: 500,
};

export function errorBody(code: string, message: string, fields?: { path: string; message: string }[]): ApiError {
  return { error: { code, message, ...(fields ? { fields } : {}) } };
}

export function errorResponse(c: Context, code: ErrorCode, message: string, fields?: { path: string; message: string }[]) {
  return c.json(errorBody(code, message, fields), STATUS_BY_CODE[code]);
}

/** Zod issues as field errors: `{ path: "email", message: "..." }`. */
export function fieldsFromZod(error: ZodError): { path: string; message: string }[] {
  return error.issues.map((issue) => ({
    path: issue.path.length ? issue.path.join(".") : "body",
    message: issue.message,
  }));
}

export function validationResponse(c: Context, error: ZodError) {
  const fields = fieldsFromZod(error);
  return errorResponse(c, "validation_error", fields.map((f) => `${f.path}: ${f.message}`).join("; "), fields);
}

/** A request path for the log: a share link's token (anyone holding it can watch the run) is left out. */
export const loggablePath = (path: string) => path.replace(/\/shared\/(evaluations\/)?[^/]+/, "/shared/$1[token]");

/** The app's onError: known errors keep their meaning, anything else is a logged 500 with no details. */
export function handleError(log: Logger) {
  return (error: Error, c: Context) => {
    if (error instanceof ServiceError) {
      if (error.retryAfterSeconds !== undefined) c.header("retry-after", String(Math.ceil(error.retryAfterSeconds)));
      return errorResponse(c, error.code, error.message, error.fields);
    }
    if (error instanceof HTTPException) {
      if (error.status === 400 && /json/i.test(error.message)) return errorResponse(c, "invalid_json", "Request body is not valid JSON");
      return c.json(errorBody(error.status === 401 ? "unauthorized" : "http_error", error.message), error.status);
    }
    // The database is down or restarting: a temporary state, not a bug. The pools reconnect.
    if (isDatabaseUnavailable(error)) {
      log.warn("database unreachable", { path: loggablePath(c.req.path), method: c.req.method });
      c.header("Retry-After", "5");
      return errorResponse(c, "unavailable", DATABASE_UNAVAILABLE_MESSAGE);
    }
    // The logger reduces a database error to its code and query name (never its parameters).
    log.error("unhandled error", { path: loggablePath(c.req.path), method: c.req.method, error });
    return errorResponse(c, "internal_error", "Something went wrong on our side. Please try again.");
  };
}
