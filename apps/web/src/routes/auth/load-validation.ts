import { FormInvalid } from "../../components/ui/use-submit";
import type { Credentials } from "./credentials";

export type { Credentials };

/**
 * The contract schemas need zod (~25 kB gzip), so the login and signup forms load their
 * validation on first focus or on submit instead of with the page.
 */
export function loadCredentialValidation() {
  return import("./validate-credentials");
}

/**
 * The values as the contract's sign-in or sign-up schema reads them. Its messages go to the
 * fields (FormInvalid), as does a refusal of the form's own (`refused`, e.g. the terms unticked).
 */
export async function checkCredentials(values: Credentials, kind: "signIn" | "signUp", refused = false) {
  const validation = await loadCredentialValidation();
  const result = kind === "signIn" ? validation.validateSignIn(values) : validation.validateSignUp(values);
  if (!result.ok || refused) throw new FormInvalid(result.ok ? {} : result.errors);
  return result.data;
}

/** Reads the email (trimmed) and password of a login or signup form. */
export function readCredentials(form: HTMLFormElement): Credentials {
  const data = new FormData(form);
  return { email: String(data.get("email") ?? "").trim(), password: String(data.get("password") ?? "") };
}
