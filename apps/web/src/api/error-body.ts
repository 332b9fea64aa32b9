import { apiErrorSchema } from "@errand/contract";
import { ApiRequestError } from "./api-request-error";
import { fieldsInWords, messageInWords } from "./field-words";

/**
 * Turns a non-OK answer's body (contract `apiErrorSchema`) into an ApiRequestError, its messages
 * naming fields by the forms' labels (ADR 0059; `fields[].path` stays the API's).
 */
export function toRequestError(status: number, body: unknown): ApiRequestError {
  const parsed = apiErrorSchema.safeParse(body);
  if (parsed.success) {
    const { code, message, fields = [] } = parsed.data.error;
    return new ApiRequestError(status, code, message ? messageInWords(message, fields) : undefined, fieldsInWords(fields));
  }
  // Tolerate a flat `{ code, message }` body as well.
  if (body && typeof body === "object" && "message" in body && typeof body.message === "string") {
    const code = "code" in body && typeof body.code === "string" ? body.code : undefined;
    return new ApiRequestError(status, code, body.message || undefined);
  }
  return new ApiRequestError(status);
}
