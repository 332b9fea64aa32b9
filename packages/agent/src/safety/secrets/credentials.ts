import { CREDENTIAL_FIELDS, credentialPlaceholder, hostMatchesDomains, type CredentialField } from "@errand/contract";
import type { ElementHandle } from "playwright-core";
import { ActionError } from "../../types/actions.ts";
import type { AgentCredential } from "../../types/credentials.ts";
import type { Redactor } from "./redact.ts";
import { createMailReader, linkSecrets, MAIL_CODE_TIMING, type AddressCheck, type MailCodeTiming } from "./email-code.ts";
import { totpFromBase32 } from "./totp.ts";

/** What `type` puts into the page in place of the model's text, and how it tells the model. */
export interface ResolvedText {
  text: string;
  /** Says what was typed without a secret value: "the password of github-work". */
  description: string;
}

export interface Vault {
  /** The placeholders the model may type and where, for the task message; null without credentials. */
  note: string | null;
  /** Replaces the placeholders of a text to type into `element`; null when it has none. Throws ActionError when one may not be typed there. */
  resolve(text: string, element: ElementHandle): Promise<ResolvedText | null>;
  /**
   * The sign-in link `{{secret:<name>.email_link}}` stands for, read from the credential's mailbox,
   * for `navigate` or `open_tab` to open; null when `url` is no placeholder. Throws ActionError when it cannot be opened.
   */
  resolveLink(url: string): Promise<ResolvedLink | null>;
}

/** A link to open in place of the model's placeholder, and how to name it without showing it. */
export interface ResolvedLink {
  url: string;
  /** "the sign-in link e-mailed to the mailbox of github-work" */
  description: string;
}

/** `{{secret:name.field}}`; `{{secret:name}}` alone is the password. */
const PLACEHOLDER = /\{\{\s*secret:\s*([A-Za-z0-9-]+)(?:\.(\w+))?\s*\}\}/g;
const FIELD_WORDS: Record<CredentialField, string> = {
  username: "the username",
  password: "the password",
  totp: "a fresh TOTP code",
  email_code: "the code e-mailed to the mailbox",
  email_link: "the sign-in link e-mailed to the mailbox",
};
const NOT_TYPED = "Nothing was typed";
const NOT_OPENED = "Nothing was opened";

/**
 * The run's credentials. Their password, TOTP secret and mailbox password go to `hide` at once (and each TOTP code
 * when it is made), so no prompt, step record or log can show them; usernames may show.
 */
export function createVault(
  credentials: readonly AgentCredential[] | undefined,
  hide: (...values: string[]) => void,
  mail: { timing?: MailCodeTiming; checkAddress?: AddressCheck; trust?: readonly string[] } = {},
): Vault {
  const byName = new Map((credentials ?? []).map((c) => [c.name, c]));
  for (const c of byName.values()) hide(c.password, ...(c.totp_secret ? [c.totp_secret] : []), ...(c.mailbox ? [c.mailbox.password] : []));
  const note = byName.size === 0 ? null : describeVault([...byName.values()]);
  const readMail = createMailReader(new Date(), mail.timing ?? MAIL_CODE_TIMING, mail.checkAddress, mail.trust);
  /** E-mailed codes read for the text being resolved, by credential name, before it is typed. */
  const mailCodes = new Map<string, string>();

  const valueOf = (credential: AgentCredential, field: CredentialField): string => {
    if (field === "username") return credential.username;
    if (field === "password") return credential.password;
    if (field === "email_code") return mailCodes.get(credential.name) ?? "";
    if (field === "email_link")
      throw new ActionError(
        `${credentialPlaceholder(credential.name, field)} is a link: open it with navigate or open_tab, the placeholder alone as its url. ${NOT_TYPED}.`,
      );
    if (!credential.totp_secret)
      throw new ActionError(`The credential ${credential.name} has no TOTP secret: ask for the code another way, or stop and say so.`);
    const code = totpFromBase32(credential.totp_secret);
    hide(code);
    return code;
  };

  /** The credential and field a placeholder names; throws when it may not be typed on `host`. */
  const checkPlaceholder = (name: string, rawField: string | undefined, host: string) => {
    const credential = credentialNamed(byName, name);
    const field = (rawField ?? "password").toLowerCase() as CredentialField;
    if (!CREDENTIAL_FIELDS.includes(field))
      throw new ActionError(`A credential placeholder ends in .username, .password, .totp, .email_code or .email_link, not .${rawField}.`);
    if (!hostMatchesDomains(host, credential.domains)) {
      throw new ActionError(
        `${credentialPlaceholder(credential.name, field)} may only be typed on ${credential.domains.join(", ")}, and this field is on ${host || "a page without an address"}. Nothing was typed.`,
      );
    }
    return { credential, field };
  };

  return {
    note,
    async resolve(text, element) {
      const found = [...text.matchAll(PLACEHOLDER)];
      if (found.length === 0) {
        // Typed as it is, a mistyped placeholder would put its own text into the page.
        if (/\{\{\s*secret:/i.test(text))
          throw new ActionError(
            "That placeholder is not well formed: write it as {{secret:<name>.username}}, .password or .totp. Nothing was typed.",
          );
        return null;
      }
      const frame = await element.ownerFrame().catch(() => null);
      const url = frame?.url() ?? "";
      const host = URL.canParse(url) ? new URL(url).hostname : "";
      const words: string[] = [];
      // Every placeholder is checked before a mailbox is read, so a refused one reads no mail.
      for (const [, name, rawField] of found) checkPlaceholder(name!, rawField, host);
      // An e-mailed link is never typed: it would show in the page (and its recording) as text.
      for (const [, name, rawField] of found)
        if (rawField?.toLowerCase() === "email_link") valueOf(byName.get(name!.toLowerCase())!, "email_link");
      mailCodes.clear();
      for (const [, name, rawField] of found) {
        const credential = byName.get(name!.toLowerCase())!;
        if (rawField?.toLowerCase() !== "email_code" || mailCodes.has(credential.name)) continue;
        if (!credential.mailbox)
          throw new ActionError(`The credential ${credential.name} names no mailbox: ask for the code another way, or stop and say so.`);
        const code = await readMail(credential.name, credential.mailbox, "code", NOT_TYPED);
        hide(code);
        mailCodes.set(credential.name, code);
      }
      const typed = text.replace(PLACEHOLDER, (_whole, name: string, rawField: string | undefined) => {
        const { credential, field } = checkPlaceholder(name, rawField, host);
        words.push(`${FIELD_WORDS[field]} of ${credential.name}`);
        return valueOf(credential, field);
      });
      const alone = found.length === 1 && found[0]![0] === text.trim();
      return { text: typed, description: alone ? words[0]! : `${JSON.stringify(text)} (with ${words.join(", ")} put in)` };
    },
    resolveLink: (url) =>
      resolveEmailLink(url, byName, (credential) => readMail(credential.name, credential.mailbox!, "link", NOT_OPENED), hide),
  };
}

function credentialNamed(byName: ReadonlyMap<string, AgentCredential>, name: string): AgentCredential {
  const credential = byName.get(name.toLowerCase());
  if (credential) return credential;
  const names = [...byName.keys()];
  throw new ActionError(
    `There is no credential named ${JSON.stringify(name)} for this task.${names.length ? ` Available: ${names.join(", ")}.` : " The task may use none."}`,
  );
}

/** `navigate`'s and `open_tab`'s `{{secret:<name>.email_link}}`: the newest e-mail's sign-in link, hidden at once, on the credential's own domains. */
async function resolveEmailLink(
  url: string,
  byName: ReadonlyMap<string, AgentCredential>,
  readLink: (credential: AgentCredential) => Promise<string>,
  hide: (...values: string[]) => void,
): Promise<ResolvedLink | null> {
  const found = [...url.matchAll(PLACEHOLDER)];
  if (found.length === 0) return null;
  const [whole, name, rawField] = found[0]!;
  if (found.length > 1 || whole !== url.trim() || rawField?.toLowerCase() !== "email_link")
    throw new ActionError(`Only {{secret:<name>.email_link}} can be opened, as the whole url. ${NOT_OPENED}.`);
  const credential = credentialNamed(byName, name!);
  if (!credential.mailbox)
    throw new ActionError(`The credential ${credential.name} names no mailbox: ask for the link another way, or stop and say so.`);
  const link = await readLink(credential);
  hide(...linkSecrets(link));
  // The link must lead to the site the credential is for: an e-mail cannot send the browser elsewhere.
  if (!hostMatchesDomains(new URL(link).hostname, credential.domains))
    throw new ActionError(
      `The sign-in link e-mailed to the mailbox of ${credential.name} leads outside ${credential.domains.join(", ")}. ${NOT_OPENED}.`,
    );
  return { url: link, description: `${FIELD_WORDS.email_link} of ${credential.name}` };
}

function describeVault(credentials: AgentCredential[]): string {
  const lines = credentials.map((c) => {
    const fields: CredentialField[] = [
      "username",
      "password",
      ...(c.totp_secret ? ["totp" as const] : []),
      ...(c.mailbox ? (["email_code", "email_link"] as const) : []),
    ];
    return `- ${c.name} (on ${c.domains.join(", ")}): ${fields.map((f) => credentialPlaceholder(c.name, f)).join(" ")}`;
  });
  return [
    "Credentials you may use to sign in: type a placeholder and the real value is typed for you (you never see it). It works only on the domains listed; .totp types a fresh one-time code; .email_code waits for the newest code e-mailed to the credential's mailbox since the run began and types it; navigate (or open_tab) to .email_link (the placeholder alone as the url) to open the sign-in link of the newest such e-mail.",
    ...lines,
  ].join("\n");
}

/** A copy of a step record with every secret replaced (texts of its actions, errors and content). */
export function redactDeep<T>(value: T, redactor: Redactor): T {
  if (typeof value === "string") return redactor.redact(value) as T;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, redactor)) as T;
  if (value && typeof value === "object" && !(value instanceof Date) && !(value instanceof Uint8Array)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactDeep(v, redactor)])) as T;
  }
  return value;
}
