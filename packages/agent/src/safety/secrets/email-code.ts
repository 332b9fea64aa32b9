import type { MailboxInput } from "@errand/contract";
import { ActionError } from "../../types/actions.ts";
import { codeInMessage } from "./mail-code.ts";
import { newestMailSince } from "./read-mailbox.ts";

/** How long `{{secret:<name>.email_code}}` waits for the e-mail, and how often it looks. */
export interface MailCodeTiming {
  timeoutMs: number;
  intervalMs: number;
}
/** The run's address rule (`@errand/network-rule`), as a check of one URL. */
export type AddressCheck = (url: string) => Promise<{ allowed: boolean; reason?: string }>;

export const MAIL_CODE_TIMING: MailCodeTiming = { timeoutMs: 60_000, intervalMs: 1_000 };

/**
 * Reads the code of the newest e-mail from the credential's mailbox that came since the run
 * began and was not used yet (docs/adr/0053-mailbox-codes-and-playwright-export.md). The
 * message and the code never reach the model: a failure says what happened, never what was read.
 */
export function createMailCodeReader(since: Date, timing: MailCodeTiming, checkAddress?: AddressCheck) {
  const used = new Set<string>();
  return async (name: string, mailbox: MailboxInput): Promise<string> => {
    // Judged again when used, as the browser's addresses are: a name may resolve inside since it was saved.
    const verdict = await checkAddress?.(`http://${mailbox.host}:${mailbox.port}/`);
    if (verdict && !verdict.allowed)
      throw new ActionError(
        `The mailbox of ${name} is on an address this server may not reach (${verdict.reason ?? "refused"}). Nothing was typed.`,
      );
    const skipUids = new Set([...used].filter((key) => key.startsWith(`${name}:`)).map((key) => Number(key.slice(name.length + 1))));
    const found = await newestMailSince(mailbox, { since, ...timing, skipUids }).catch(() => {
      throw new ActionError(`The mailbox of ${name} could not be read (the server refused or did not answer). Nothing was typed.`);
    });
    const seconds = Math.round(timing.timeoutMs / 1000);
    if (!found)
      throw new ActionError(
        `No new e-mail${mailbox.from ? ` from ${mailbox.from}` : ""} came to the mailbox of ${name} within ${seconds} s. Nothing was typed: ask the site to send the code again, or stop and say so.`,
      );
    used.add(`${name}:${found.uid}`);
    const code = codeInMessage(found.message);
    if (!code) throw new ActionError(`The newest e-mail to the mailbox of ${name} has no code that can be told apart. Nothing was typed.`);
    return code;
  };
}
