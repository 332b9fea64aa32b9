import { AUTH_CONTEXT_NAME_MAX } from "@errand/contract";

/** Step 1 of the wizard: what the person typed. */
export interface AuthContextValues {
  name: string;
  url: string;
  /** The proxy pool to log in through ("" or absent: the server's default); the login keeps it. */
  proxyPool?: string;
  proxyCountry?: string;
}

export type AuthContextField = keyof AuthContextValues;
export type AuthContextErrors = Partial<Record<AuthContextField, string>>;

export const EMPTY_VALUES: AuthContextValues = { name: "", url: "" };

/** The same rule as the contract's: http(s), a host, and parseable. */
export function isHttpUrl(value: string): boolean {
  const url = value.trim();
  return /^https?:\/\/[^\s/]+/i.test(url) && URL.canParse(url);
}

/** Spec section 5: "Name is required", "Website URL is required", "Please enter a valid URL". */
export function validateAuthContext(values: AuthContextValues): AuthContextErrors {
  const errors: AuthContextErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = "Name is required";
  else if (name.length > AUTH_CONTEXT_NAME_MAX) errors.name = `Name must be at most ${AUTH_CONTEXT_NAME_MAX} characters`;
  const url = values.url.trim();
  if (!url) errors.url = "Website URL is required";
  else if (!isHttpUrl(url)) errors.url = "Please enter a valid URL";
  const country = values.proxyCountry?.trim() ?? "";
  if (values.proxyPool && country && !/^[a-z]{2}$/i.test(country))
    errors.proxyCountry = "Country must be a two-letter country code such as DE or US";
  return errors;
}

export const hasErrors = (errors: AuthContextErrors) => Object.values(errors).some(Boolean);

/** What is sent: trimmed values. */
export function cleanValues(values: AuthContextValues): AuthContextValues {
  const proxy = values.proxyPool ? { proxyPool: values.proxyPool, proxyCountry: values.proxyCountry?.trim().toLowerCase() ?? "" } : {};
  return { name: values.name.trim(), url: values.url.trim(), ...proxy };
}

/** The proxy choice sent when opening the login browser, or undefined for the default. */
export function loginProxy(values: AuthContextValues): { pool: string; country?: string } | undefined {
  if (!values.proxyPool) return undefined;
  const country = values.proxyCountry?.trim().toLowerCase();
  return country ? { pool: values.proxyPool, country } : { pool: values.proxyPool };
}

/** The host shown in step 2 ("Log in to example.com ..."), or the URL itself if it cannot be parsed. */
export function urlHost(url: string): string {
  try {
    return new URL(url.trim()).host || url;
  } catch {
    return url;
  }
}
