import type { Submit } from "../../components/ui/use-submit";
import { fieldErrorsFromIssues, type Issue } from "./form-errors";
import type * as InputSchemaModule from "./input-schemas";

export type InputSchemas = typeof InputSchemaModule;

/** A contract schema as a form uses it (zod's safeParse). */
export interface InputSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };
}

/** The forms' schemas, loaded on first use and kept (docs/adr/0052-a-cheaper-signed-in-page-load.md). */
export const loadInputSchemas = (): Promise<InputSchemas> => import("./input-schemas");

/**
 * Checks what the form read with the contract's schema `pick` chooses, then runs the submit with
 * what the schema made of it, or shows the schema's messages at the fields (no request is made),
 * as the API would word them.
 */
export async function submitChecked<T, I>(
  submit: Pick<Submit<I>, "run" | "invalid">,
  pick: (schemas: InputSchemas) => InputSchema<T>,
  value: unknown,
  input: (data: T) => I,
  say?: (issue: Issue) => string,
): Promise<void> {
  const parsed = pick(await loadInputSchemas()).safeParse(value);
  if (parsed.success) submit.run(input(parsed.data));
  else submit.invalid(fieldErrorsFromIssues(parsed.error.issues, say));
}
