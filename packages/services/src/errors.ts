import type { ErrorCode } from "@errand/contract";

/** A failure a caller can act on. HTTP, MCP and CLI adapters map `code` to their own terms. */
export class ServiceError extends Error {
  readonly code: ErrorCode;
  readonly fields?: { path: string; message: string }[];
  /** For limits: when trying again can succeed (HTTP sends it as Retry-After). */
  readonly retryAfterSeconds?: number;
  constructor(code: ErrorCode, message: string, fields?: { path: string; message: string }[], retryAfterSeconds?: number) {
    super(message);
    this.name = "ServiceError";
    this.code = code;
    this.fields = fields;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const notFound = (what: string) => new ServiceError("not_found", `${what} not found`);
export const unauthorized = (message = "Missing or invalid credentials") => new ServiceError("unauthorized", message);
export const forbidden = (message = "You are not allowed to do this") => new ServiceError("forbidden", message);
export const conflict = (message: string) => new ServiceError("conflict", message);
export const invalid = (fields: { path: string; message: string }[]) =>
  new ServiceError("validation_error", fields.map((f) => `${f.path}: ${f.message}`).join("; "), fields);
