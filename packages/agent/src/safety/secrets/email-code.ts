import type { MailboxInput } from "@errand/contract";
import { ActionError } from "../../types/actions.ts";
import { codeInMessage, linkInMessage } from "./mail-code.ts";
import { newestMailSince } from "./read-mailbox.ts";

/** How long `{{secret:<name>.email_code}}` (and `.email_link`) waits for the e-mail, and how often it looks. */
export interface MailCodeTiming {
  timeoutMs: number;
  intervalMs: number;
}
/** The run's address rule (`@errand/network-rule`), as a check of one URL. */
export type AddressCheck = (url: string) => Promise<{ allowed: boolean; reason?: string }>;

export const MAIL_CODE_TIMING: MailCodeTiming = { timeoutMs: 60_000, intervalMs: 1_000 };

/** What is taken out of the e-mail: the code to type, or the sign-in link to open. */
export type MailPart = "code" | "link";
const PART_WORDS: Record<MailPart, string> = { code: "code", link: "sign-in link" };

/**
 * Reads the code or sign-in link of the newest e-mail from the credential's mailbox that came
 * since the run began and was not used yet (docs/adr/0053-mailbox-codes-and-playwright-export.md).
 * The message, the code and the link never reach the model: a failure says what happened, never
 * what was read. `failed` says, in each failure's message, what was not done ("Nothing was typed").
 */
export function createMailReader(since: Date, timing: MailCodeTiming, checkAddress?: AddressCheck, trust?: readonly string[]) {
  const used = new Set<string>();
  return async (name: string, mailbox: MailboxInput, part: MailPart, failed: string): Promise<string> => {
    // Judged again when used, as the browser's addresses are: a name may resolve inside since it was saved.
    const verdict = await checkAddress?.(`http://${mailbox.host}:${mailbox.port}/`);
    if (verdict && !verdict.allowed)
      throw new ActionError(
        `The mailbox of ${name} is on an address this server may not reach (${verdict.reason ?? "refused"}). ${failed}.`,
      );
    const skipUids = new Set([...used].filter((key) => key.startsWith(`${name}:`)).map((key) => Number(key.slice(name.length + 1))));
    const found = await newestMailSince(mailbox, { since, ...timing, skipUids, trust }).catch(() => {
      throw new ActionError(`The mailbox of ${name} could not be read (the server refused or did not answer). ${failed}.`);
    });
    const seconds = Math.round(timing.timeoutMs / 1000);
    if (!found)
      throw new ActionError(
        `No new e-mail${mailbox.from ? ` from ${mailbox.from}` : ""} came to the mailbox of ${name} within ${seconds} s. ${failed}: ask the site to send the ${PART_WORDS[part]} again, or stop and say so.`,
      );
    used.add(`${name}:${found.uid}`);
    const value = part === "code" ? codeInMessage(found.message) : linkInMessage(found.message);
    if (!value)
      throw new ActionError(`The newest e-mail to the mailbox of ${name} has no ${PART_WORDS[part]} that can be told apart. ${failed}.`);
    return value;
  };
}

/** A query value or path part that reads as a token (8 or more URL characters with a digit), not as a word like "dashboard". */
const TOKEN = /^(?=.*\d)[A-Za-z0-9._~+/=-]{8,}$/;

/**
 * What of a sign-in link must never show: the link as written and as the browser writes it, and
 * its tokens alone (query values, the fragment, long path parts), which a page the link leads to
 * may keep in its address or hand on in a redirect.
 */
export function linkSecrets(link: string): string[] {
  const url = new URL(link);
  const parts = [...url.searchParams.values(), url.hash.slice(1), ...url.pathname.split("/").filter((part) => part.length >= 16)];
  return [link, url.href, ...parts.filter((part) => TOKEN.test(part))];
}
