/**
 * The contract schemas need zod (~25 kB gzip), so the login and signup forms load their
 * validation on first focus or on submit instead of with the page.
 */
export function loadCredentialValidation() {
  return import("./validate-credentials");
}

export interface Credentials {
  email: string;
  password: string;
}

/** Reads the email (trimmed) and password of a login or signup form. */
export function readCredentials(form: HTMLFormElement): Credentials {
  const data = new FormData(form);
  return { email: String(data.get("email") ?? "").trim(), password: String(data.get("password") ?? "") };
}
