import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@errand/contract";
import { ApiRequestError } from "../../api/api-request-error";

/** A toast's title and description. */
export interface Message {
  title: string;
  description: string;
}

/** Spec section 5, "Reset password". */
export const PASSWORDS_MISMATCH: Message = {
  title: "Passwords don't match",
  description: "Please make sure both passwords are identical.",
};
export const PASSWORD_TOO_SHORT: Message = {
  title: "Password too short",
  description: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
};
export const PASSWORD_TOO_LONG: Message = {
  title: "Password too long",
  description: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
};

export type ResetFormErrors = {
  password?: string;
  confirmPassword?: string;
};

export type ResetValidation = { ok: true; password: string } | { ok: false; toast: Message; errors: ResetFormErrors };

/**
 * The new-password form: both entries identical, then 6 to 128 characters. Every problem is
 * shown inline; the toast names the first (mismatch first, as the spec lists them).
 */
export function validateResetForm(password: string, confirmPassword: string): ResetValidation {
  const errors: ResetFormErrors = {};
  const problems: Message[] = [];
  if (password !== confirmPassword) {
    problems.push(PASSWORDS_MISMATCH);
    errors.confirmPassword = PASSWORDS_MISMATCH.description;
  }
  const length =
    password.length < PASSWORD_MIN_LENGTH ? PASSWORD_TOO_SHORT : password.length > PASSWORD_MAX_LENGTH ? PASSWORD_TOO_LONG : null;
  if (length) {
    problems.push(length);
    errors.password = length.description;
  }
  const [first] = problems;
  return first ? { ok: false, toast: first, errors } : { ok: true, password };
}

/** Whether a failed update says the reset link itself is unusable (used or expired). */
export function isInvalidTokenError(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  if (error.code && /invalid_token|token_expired|expired_token/i.test(error.code)) return true;
  return /\btoken\b/i.test(error.serverMessage ?? "") && /invalid|expired/i.test(error.serverMessage ?? "");
}
