import { signInInputSchema, signUpInputSchema, type SignInInput, type SignUpInput } from "@errand/contract";
import { fieldErrorsFromIssues, type FieldErrors } from "../../lib/forms/form-errors";
import type { Credentials } from "./credentials";

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** Login form values checked with the contract's sign-in schema. */
export function validateSignIn(values: Credentials): Validation<SignInInput> {
  const parsed = signInInputSchema.safeParse(values);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: fieldErrorsFromIssues(parsed.error.issues) };
}

/** Signup form values checked with the contract's sign-up schema. */
export function validateSignUp(values: Credentials): Validation<SignUpInput> {
  const parsed = signUpInputSchema.safeParse(values);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: fieldErrorsFromIssues(parsed.error.issues) };
}
