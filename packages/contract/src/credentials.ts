import { z } from "zod";
import { slugName } from "./slug-names.ts";

/**
 * Resource: the credential vault (docs/api.md, "Credentials"). Site logins the agent types by placeholder
 * (`{{secret:name.username}}`, `.password`, `.totp`) on the domains listed: the values are written
 * only (sealed at rest) and never returned.
 */
export const CREDENTIAL_NAME_MAX = 60;
export const CREDENTIAL_DOMAINS_MAX = 20;
export const CREDENTIAL_USERNAME_MAX = 500;
export const CREDENTIAL_PASSWORD_MAX = 1_000;
/** Credentials one account may keep. */
export const MAX_CREDENTIALS_PER_ACCOUNT = 100;
/** Credentials one task may name. */
export const TASK_CREDENTIALS_MAX = 20;

/** What a placeholder may ask for. */
export const CREDENTIAL_FIELDS = ["username", "password", "totp"] as const;
export type CredentialField = (typeof CREDENTIAL_FIELDS)[number];
/** The placeholder the agent types for a credential's field. */
export const credentialPlaceholder = (name: string, field: CredentialField) => `{{secret:${name}.${field}}}`;

const LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
const DOMAIN_PATTERN = new RegExp(`^(?:\\*\\.)?(?:${LABEL}\\.)*${LABEL}$`);

/** A lowercase slug such as "github-work". */
export const credentialNameSchema = slugName(CREDENTIAL_NAME_MAX, "github-work");

const domainSchema = z
  .string({ error: "each domain must be text" })
  .trim()
  .toLowerCase()
  .transform((d) => d.replace(/\.$/, ""))
  .refine((d) => DOMAIN_PATTERN.test(d), "each domain must be a hostname such as github.com or *.example.com (no scheme, port or path)");

const domainsSchema = z
  .array(domainSchema, { error: "domains must be a list of hostnames" })
  .min(1, "domains must name at least one domain")
  .max(CREDENTIAL_DOMAINS_MAX, `domains must name at most ${CREDENTIAL_DOMAINS_MAX} domains`)
  .transform((domains) => [...new Set(domains)]);

/**
 * A TOTP secret as authenticator apps show it: base32, spaces and padding ignored, or the
 * otpauth:// link of the QR code (its secret is taken). At least 80 bits.
 */
export const totpSecretSchema = z
  .string({ error: "totp_secret must be text" })
  .transform((value) => {
    const text = value.trim();
    const fromLink = /^otpauth:\/\//i.test(text) && URL.canParse(text) ? (new URL(text).searchParams.get("secret") ?? "") : text;
    return fromLink.replace(/[\s-]/g, "").replace(/=+$/, "").toUpperCase();
  })
  .refine(
    (s) => /^[A-Z2-7]+$/.test(s),
    "totp_secret must be a base32 key (letters A-Z and digits 2-7), as the site shows it when you set up an authenticator app",
  )
  .refine((s) => s.length >= 16 && s.length <= 128, "totp_secret must be 16 to 128 base32 characters");

const usernameSchema = z
  .string({ error: "username must be text" })
  .min(1, "Username is required")
  .max(CREDENTIAL_USERNAME_MAX, `username must be at most ${CREDENTIAL_USERNAME_MAX} characters`);
const passwordSchema = z
  .string({ error: "password must be text" })
  .min(1, "Password is required")
  .max(CREDENTIAL_PASSWORD_MAX, `password must be at most ${CREDENTIAL_PASSWORD_MAX} characters`);

export const credentialSchema = z.object({
  id: z.uuid(),
  name: z.string().meta({ description: "What placeholders and tasks call it: `{{secret:<name>.username}}`, `.password`, `.totp`" }),
  domains: z.array(z.string()).meta({ description: "Hostnames it may be typed on (`*.example.com` also matches subdomains)" }),
  username_hint: z.string().meta({ description: "The username with most of it hidden (a***@example.com)" }),
  has_totp: z.boolean().meta({ description: "A TOTP secret is saved: `{{secret:<name>.totp}}` types a fresh 6-digit code" }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Credential = z.infer<typeof credentialSchema>;

export const credentialListSchema = z.object({ credentials: z.array(credentialSchema).meta({ description: "By name" }) });
export type CredentialList = z.infer<typeof credentialListSchema>;

/** POST /credentials. */
export const createCredentialSchema = z.object({
  name: credentialNameSchema,
  domains: domainsSchema,
  username: usernameSchema,
  password: passwordSchema,
  totp_secret: z.preprocess((v) => (v === "" || v === null ? undefined : v), totpSecretSchema.optional()),
});
export type CreateCredential = z.output<typeof createCredentialSchema>;

/** PATCH /credentials/{id}: only the fields sent change; values are written, never read. totp_secret null removes it. */
export const updateCredentialSchema = z.object({
  name: credentialNameSchema.optional(),
  domains: domainsSchema.optional(),
  username: usernameSchema.optional(),
  password: passwordSchema.optional(),
  totp_secret: z.preprocess((v) => (v === "" ? null : v), totpSecretSchema.nullable().optional()),
});
export type UpdateCredential = z.output<typeof updateCredentialSchema>;

/** A task's credential_names: the credentials its runs may type. */
export const taskCredentialNamesSchema = z
  .array(credentialNameSchema, { error: "credential_names must be a list of credential names" })
  .max(TASK_CREDENTIALS_MAX, `credential_names must name at most ${TASK_CREDENTIALS_MAX} credentials`)
  .transform((names) => [...new Set(names)]);

/** True when `host` (a page's hostname) is one of the domains: exact, or below a "*." domain. */
export function hostMatchesDomains(host: string, domains: readonly string[]): boolean {
  const h = host.toLowerCase().replace(/\.$/, "");
  return domains.some((d) => (d.startsWith("*.") ? h === d.slice(2) || h.endsWith(d.slice(1)) : h === d));
}

/** The username with most of it hidden: "a***@example.com", "j***n". */
export function maskUsername(username: string): string {
  const at = username.lastIndexOf("@");
  if (at > 0) return `${username[0]}***${username.slice(at)}`;
  return username.length <= 3 ? "***" : `${username[0]}***${username[username.length - 1]}`;
}
