import { ApiRequestError } from "../../api/api-request-error";
import { inFieldWords } from "../../api/field-words";

/** Inline messages keyed by field name. */
export type FieldErrors = Partial<Record<string, string>>;

export interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/**
 * The first message per top-level field from schema issues (zod) or server `fields`; `say` may
 * word a message by its whole path (e.g. name the line of a list it came from).
 */
export function fieldErrorsFromIssues(issues: readonly Issue[], say: (issue: Issue) => string = (issue) => issue.message): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "");
    // A contract schema's message names the field as the API does: say it as the form labels it (ADR 0059).
    if (field && !errors[field])
      errors[field] = say({ path: issue.path, message: inFieldWords(issue.message, issue.path.map(String).join(".")) });
  }
  return errors;
}

/** The server's field messages as issues: "entries.2.url" is the path ["entries", 2, "url"]. */
function serverIssues(error: ApiRequestError): Issue[] {
  return error.fields.map((field) => ({
    path: field.path.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
    message: field.message,
  }));
}

/** Field messages the server sent with a validation error, if any. */
export function fieldErrorsFromServer(error: unknown, say?: (issue: Issue) => string): FieldErrors {
  return error instanceof ApiRequestError ? fieldErrorsFromIssues(serverIssues(error), say) : {};
}

/** The server's message for a toast, or the action's generic one. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.serverMessage ? error.serverMessage : fallback;
}
