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
export const CREDENTIAL_FIELDS = ["username", "password", "totp", "email_code", "email_link"] as const;
export type CredentialField = (typeof CREDENTIAL_FIELDS)[number];
/** The placeholder the agent types for a credential's field. */
export const credentialPlaceholder = (name: string, field: CredentialField) => `{{secret:${name}.${field}}}`;

const LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
const DOMAIN_PATTERN = new RegExp(`^(?:\\*\\.)?(?:${LABEL}\\.)*${LABEL}$`);
/** A hostname, an IPv4 address, or an IPv6 one in brackets. */
const HOST_PATTERN = new RegExp(`^(?:(?:${LABEL}\\.)*${LABEL}|\\[[0-9a-f:.]+\\])$`);

/** A lowercase slug such as "github-work". */
export const credentialNameSchema = slugName(CREDENTIAL_NAME_MAX, "github-work");

/** A host name as typed: trimmed, lowercased, without a final dot, then checked against `pattern`. */
const hostText = (what: string, pattern: RegExp, refusal: string) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .toLowerCase()
    .transform((host) => host.replace(/\.$/, ""))
    .refine((host) => pattern.test(host), refusal);

const domainSchema = hostText(
  "each domain",
  DOMAIN_PATTERN,
  "each domain must be a hostname such as github.com or *.example.com (no scheme, port or path)",
);

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

/** A mailbox's default folder and IMAP over TLS's port. */
export const MAILBOX_DEFAULT_FOLDER = "INBOX";
export const MAILBOX_DEFAULT_PORT = 993;
const MAILBOX_TEXT_MAX = 255;

const mailboxHostSchema = hostText(
  "mailbox.host",
  HOST_PATTERN,
  "mailbox.host must be the IMAP server's hostname such as imap.gmail.com (no scheme, port or path)",
);

/**
 * The IMAP mailbox a site sends one-time codes and sign-in links to (docs/adr/0053-*): the agent
 * types `{{secret:<name>.email_code}}` and the newest matching message's code is read from here.
 * The whole mailbox is sealed at rest with the other values; the password is never returned.
 */
export const mailboxInputSchema = z.object({
  host: mailboxHostSchema,
  port: z
    .number({ error: "mailbox.port must be a number" })
    .int("mailbox.port must be a whole number")
    .min(1, "mailbox.port must be 1 to 65535")
    .max(65_535, "mailbox.port must be 1 to 65535")
    .default(MAILBOX_DEFAULT_PORT),
  tls: z.boolean({ error: "mailbox.tls must be true or false" }).default(true),
  user: z
    .string({ error: "mailbox.user must be text" })
    .min(1, "mailbox.user is required: the mailbox's login, usually the e-mail address")
    .max(MAILBOX_TEXT_MAX, `mailbox.user must be at most ${MAILBOX_TEXT_MAX} characters`),
  password: z
    .string({ error: "mailbox.password must be text" })
    .min(1, "mailbox.password is required: the mailbox's password or an app password")
    .max(CREDENTIAL_PASSWORD_MAX, `mailbox.password must be at most ${CREDENTIAL_PASSWORD_MAX} characters`),
  folder: z
    .string({ error: "mailbox.folder must be text" })
    .trim()
    .max(MAILBOX_TEXT_MAX, `mailbox.folder must be at most ${MAILBOX_TEXT_MAX} characters`)
    .transform((f) => f || MAILBOX_DEFAULT_FOLDER)
    .default(MAILBOX_DEFAULT_FOLDER),
  from: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    z
      .string({ error: "mailbox.from must be text" })
      .trim()
      .toLowerCase()
      .max(MAILBOX_TEXT_MAX, `mailbox.from must be at most ${MAILBOX_TEXT_MAX} characters`)
      .nullable()
      .default(null),
  ),
});
export type MailboxInput = z.output<typeof mailboxInputSchema>;

/**
 * A vault credential opened for a run, never an API answer: services open it, the worker hands it
 * to the agent, which types its values; the model never reads them (docs/architecture.md, "The
 * credential vault").
 */
export interface OpenedCredential {
  name: string;
  domains: string[];
  username: string;
  password: string;
  totp_secret?: string;
  /** The IMAP mailbox e-mailed codes and links arrive in (docs/adr/0053-*); its password is a secret like the others. */
  mailbox?: MailboxInput;
}

/** What the API shows of a mailbox: where it is, never the password; the login masked. */
export const mailboxSchema = z.object({
  host: z.string(),
  port: z.number().int(),
  tls: z.boolean(),
  user_hint: z.string().meta({ description: "The mailbox login with most of it hidden" }),
  folder: z.string().meta({ description: "The folder searched for codes and links (INBOX unless set)" }),
  from: z.string().nullable().meta({ description: "Only messages whose sender contains this are read; null: any sender" }),
});
export type Mailbox = z.infer<typeof mailboxSchema>;

export const credentialSchema = z.object({
  id: z.uuid(),
  name: z.string().meta({ description: "What placeholders and tasks call it: `{{secret:<name>.username}}`, `.password`, `.totp`" }),
  domains: z.array(z.string()).meta({ description: "Hostnames it may be typed on (`*.example.com` also matches subdomains)" }),
  username_hint: z.string().meta({ description: "The username with most of it hidden (a***@example.com)" }),
  has_totp: z.boolean().meta({ description: "A TOTP secret is saved: `{{secret:<name>.totp}}` types a fresh 6-digit code" }),
  mailbox: mailboxSchema.nullable().meta({
    description: "The IMAP mailbox codes and sign-in links arrive in (`{{secret:<name>.email_code}}`, `.email_link`); null: none",
  }),
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
  mailbox: z.preprocess((v) => (v === null ? undefined : v), mailboxInputSchema.optional()),
});
export type CreateCredential = z.output<typeof createCredentialSchema>;

/**
 * PATCH /credentials/{id}: only the fields sent change; values are written, never read. totp_secret
 * null removes it, and so does mailbox null; a mailbox sent is sent whole (with its password).
 */
export const updateCredentialSchema = z.object({
  name: credentialNameSchema.optional(),
  domains: domainsSchema.optional(),
  username: usernameSchema.optional(),
  password: passwordSchema.optional(),
  totp_secret: z.preprocess((v) => (v === "" ? null : v), totpSecretSchema.nullable().optional()),
  mailbox: mailboxInputSchema.nullable().optional(),
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
