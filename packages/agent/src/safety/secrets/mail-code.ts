/**
 * What a sign-in e-mail carries: a one-time code or a magic link, taken out of the message for
 * the agent to type or open without the model ever seeing them (docs/adr/0053-mailbox-codes-and-playwright-export.md).
 * The message itself is never shown to the model either, so the rules must pick the right part
 * alone: a code is the short token next to words that name one; a link is the one whose text or
 * address says it signs in, verifies or confirms.
 */
export interface MailMessage {
  subject: string;
  /** The text part, or the HTML part's text when there is only HTML. */
  text: string;
  /** The HTML part, for its links; null without one. */
  html: string | null;
}

/** Words that name a code, in the languages sign-in mails are most often sent in. */
const CODE_WORDS =
  /\b(?:code|passcode|otp|one[- ]time|verification|verify|security|pin|token|c[oó]digo|codice|bestätigungscode|sicherheitscode)\b/i;
/** A code: 4 to 10 digits (maybe in groups: "123 456", "123-456"), or letters and digits with at least one digit. */
const CODE = /\b(\d{3,5}[ -]\d{3,5}|\d{4,10}|(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{5,10})\b/g;
/** How far after the words naming it a code may be. */
const NEAR = 80;

/** The one-time code of the message, or null when none can be told apart. */
export function codeInMessage(message: MailMessage): string | null {
  for (const text of [message.subject, message.text]) {
    const code = codeNearWords(text);
    if (code) return code;
  }
  // Without words naming it: a message with exactly one six-digit number.
  const sixes = [...new Set(`${message.subject}\n${message.text}`.match(/\b\d{6}\b/g) ?? [])];
  return sixes.length === 1 ? sixes[0]! : null;
}

function codeNearWords(text: string): string | null {
  const words = new RegExp(CODE_WORDS.source, "gi");
  for (let named = words.exec(text); named; named = words.exec(text)) {
    const after = text.slice(named.index + named[0].length, named.index + named[0].length + NEAR);
    for (const match of after.matchAll(CODE)) {
      const code = match[1]!.replace(/[ -]/g, "");
      if (!isYear(code)) return code;
    }
  }
  return null;
}

const isYear = (code: string) => /^(19|20)\d\d$/.test(code);

/** Words of a link's text or address that say it signs in. */
const LINK_WORDS = /sign[ -]?in|log[ -]?in|magic|verify|confirm|activate|auth|token|passwordless|continue/i;
const NOT_SIGN_IN = /unsubscribe|preferences|privacy|terms|help|support/i;

/** The sign-in link of the message (http or https), or null when none says it signs in. */
export function linkInMessage(message: MailMessage): string | null {
  const links = [...linksOfHtml(message.html ?? ""), ...linksOfText(message.text)];
  const signIn = links.filter((l) => !NOT_SIGN_IN.test(l.href) && !NOT_SIGN_IN.test(l.text));
  return (signIn.find((l) => LINK_WORDS.test(l.text) || LINK_WORDS.test(l.href)) ?? (signIn.length === 1 ? signIn[0] : null))?.href ?? null;
}

function linksOfHtml(html: string): { href: string; text: string }[] {
  const links: { href: string; text: string }[] = [];
  for (const match of html.matchAll(/<a\b[^>]*?\bhref\s*=\s*(["'])(.*?)\1[^>]*>([\s\S]*?)<\/a>/gi)) {
    const href = decodeEntities(match[2]!);
    if (/^https?:\/\//i.test(href))
      links.push({
        href,
        text: match[3]!
          .replace(/<[^>]*>/g, " ")
          .replace(/\s+/g, " ")
          .trim(),
      });
  }
  return links;
}

function linksOfText(text: string): { href: string; text: string }[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"')\]]+/gi)].map((m) => ({ href: m[0].replace(/[.,;:!?]+$/, ""), text: "" }));
}

function decodeEntities(text: string): string {
  return text
    .replace(/&amp;/g, "&")
    .replace(/&#x2F;|&#47;/gi, "/")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
}
