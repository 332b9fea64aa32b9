import { ApiRequestError } from "../../api/http";

/** Inline messages keyed by field name. */
export type FieldErrors = Partial<Record<string, string>>;

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** The first message per top-level field from schema issues (zod) or server `fields`. */
export function fieldErrorsFromIssues(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "");
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** Field messages the server sent with a validation error, if any. */
export function fieldErrorsFromServer(error: unknown): FieldErrors {
  if (!(error instanceof ApiRequestError)) return {};
  return fieldErrorsFromIssues(error.fields.map((field) => ({ path: field.path.split("."), message: field.message })));
}

/** The server's message for a toast, or the action's generic one. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.serverMessage ? error.serverMessage : fallback;
}
