import type { ApiKeyScope, NamedApiKey } from "@errand/contract";
import { formatDate, formatDateTime } from "../format/display-format";

/** The expiry choices of the Create key dialog, in days (null: never). */
export const KEY_EXPIRY_CHOICES: readonly { label: string; days: number | null }[] = [
  { label: "Never", days: null },
  { label: "30 days", days: 30 },
  { label: "90 days", days: 90 },
  { label: "1 year", days: 365 },
];

const SCOPE_LABELS: Record<ApiKeyScope, string> = { read: "Read", run: "Run", manage: "Manage" };

export const scopeLabel = (scope: ApiKeyScope): string => SCOPE_LABELS[scope];

/** "Never", "Jan 5, 2027", or "Expired Jan 5, 2027" once the date has passed. */
export function keyExpiryText(key: Pick<NamedApiKey, "expires_at">, now = Date.now()): string {
  if (!key.expires_at) return "Never";
  const date = formatDate(key.expires_at);
  return Date.parse(key.expires_at) <= now ? `Expired ${date}` : date;
}

/** "Never used", or when and from where it was last used. */
export function keyLastUsedText(key: Pick<NamedApiKey, "last_used_at" | "last_used_ip">): string {
  if (!key.last_used_at) return "Never used";
  const when = formatDateTime(key.last_used_at);
  return key.last_used_ip && key.last_used_ip !== "unknown" ? `${when} from ${key.last_used_ip}` : when;
}
