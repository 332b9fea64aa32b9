import type { ApiFieldError } from "./api-request-error";

/**
 * The API's field names as the web's forms label them (ADR 0059): a server message that opens
 * with a field's API name ("totp_secret must be a base32 key") is shown opening with its label
 * ("Authenticator key must be a base32 key"). The API keeps its own words and each field's path.
 * A field of a list (`entries.2.url`) may be named apart by its list's name ("entries.url").
 */
const FIELD_LABELS: Record<string, string> = {
  prompt: "Prompt",
  name: "Name",
  url: "URL",
  "urls.url": "Website URL",
  urls: "Website URL",
  "entries.url": "Proxy URL",
  country: "Country",
  "entries.country": "Country",
  entries: "Proxies",
  rotation: "Rotation",
  username: "Username",
  password: "Password",
  totp_secret: "Authenticator key",
  domains: "Domains",
  host: "IMAP server",
  port: "Port",
  user: "Mailbox login",
  folder: "Folder",
  cron: "Cron expression",
  "repeat.cron": "Cron expression",
  minute: "Minutes past the hour",
  time_zone: "Time zone",
  session_timeout: "Session Timeout",
  response_format: "Response Format",
  json_schema: "JSON Schema",
  auth_context_id: "Auth Context",
  initial_url: "Initial URL",
  webhook_url: "Webhook URL",
  allowed_domains: "Allowed domains",
  max_cost_usd: "Cost limit (USD)",
  max_steps: "Step limit",
  on_limit: "At a limit",
  approval_words: "Also on buttons with these words",
  approval_timeout_seconds: "Wait for an answer",
  credential_names: "Credentials",
  tags: "Tags",
  monthly_usd: "Monthly limit",
  alert_thresholds: "Alert thresholds",
  events: "Events",
  scopes: "Scopes",
  expires_in_days: "Expires in (days)",
  amount: "Amount",
  email: "Email",
  rows: "Rows",
};

/** "entries.2.url" -> ["entries.url", "url"]: the list-qualified name first, then the bare one. */
function namesOf(path: string): string[] {
  const parts = path.split(".").filter((part) => part && !/^\d+$/.test(part));
  const last = parts.at(-1);
  if (!last) return [];
  return parts.length > 1 ? [`${parts.at(-2)}.${last}`, last] : [last];
}

/** The form's label for the field a message opens with, if the web knows it. */
function labelFor(opening: string, path: string | undefined): string | undefined {
  // The message names its own field: prefer the label of the path it came with when they agree.
  const fromPath = path ? namesOf(path).filter((name) => name === opening || name.endsWith(`.${opening}`)) : [];
  for (const name of [...fromPath, opening]) {
    const label = FIELD_LABELS[name];
    if (label) return label;
  }
  return undefined;
}

/** A server message in the form's words: its opening API field name becomes the field's label. */
export function inFieldWords(message: string, path?: string): string {
  const opening = /^([a-z][a-z0-9]*(?:_[a-z0-9]+)*)(?= (?:must|is|may|has|cannot|never|should)\b)/.exec(message)?.[1];
  if (!opening) return message;
  const label = labelFor(opening, path);
  return label ? label + message.slice(opening.length) : message;
}

/** Each field's message in the form's words; the path stays as the API sent it. */
export function fieldsInWords(fields: ApiFieldError[]): ApiFieldError[] {
  return fields.map((field) => ({ path: field.path, message: inFieldWords(field.message, field.path) }));
}

/**
 * The request's message in the form's words. A validation message is the API's
 * "path: message; path: message": said again from the worded fields, without the paths.
 */
export function messageInWords(message: string, fields: ApiFieldError[]): string {
  if (fields.length > 0 && message === fields.map((field) => `${field.path}: ${field.message}`).join("; "))
    return fieldsInWords(fields)
      .map((field) => field.message)
      .join("; ");
  return inFieldWords(message);
}
