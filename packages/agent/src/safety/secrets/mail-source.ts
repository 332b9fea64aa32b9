import type { MailMessage } from "./mail-code.ts";

/**
 * A message's source (RFC 5322 with MIME) read just far enough for `mail-code.ts`: the subject
 * (encoded words decoded), the first text/plain part and the first text/html part, transfer
 * encoding and charset undone. Attachments and everything else are skipped: the rules look at
 * what a person would read.
 */
export function messageFromSource(source: Buffer): MailMessage {
  const { headers, body } = splitPart(source.toString("latin1"));
  const found: { text?: string; html?: string } = {};
  collectTexts(headers, body, found);
  const html = found.html ?? null;
  const text = found.text ?? (html ? htmlText(html) : "");
  return { subject: decodeWords(headers.subject ?? ""), text, html };
}

type Headers = Record<string, string>;

/** Headers (lowercased names, unfolded) and body of a part, as latin1 text so bytes survive. */
function splitPart(raw: string): { headers: Headers; body: string } {
  const normalized = raw.replace(/\r\n/g, "\n");
  const end = normalized.indexOf("\n\n");
  const head = end < 0 ? normalized : normalized.slice(0, end);
  const body = end < 0 ? "" : normalized.slice(end + 2);
  const headers: Headers = {};
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] ??= line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function param(header: string, name: string): string | undefined {
  return new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, "i").exec(header)?.slice(1).find(Boolean);
}

function collectTexts(headers: Headers, body: string, found: { text?: string; html?: string }, depth = 0): void {
  const type = headers["content-type"] ?? "text/plain";
  const mime = type.split(";")[0]!.trim().toLowerCase();
  if (/attachment/i.test(headers["content-disposition"] ?? "")) return;
  if (mime.startsWith("multipart/") && depth < 5) {
    const boundary = param(type, "boundary");
    if (!boundary) return;
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith("--")) break;
      const part = splitPart(section.replace(/^\n/, ""));
      collectTexts(part.headers, part.body, found, depth + 1);
    }
    return;
  }
  if (mime !== "text/plain" && mime !== "text/html") return;
  const text = decodeBody(body, headers["content-transfer-encoding"], param(type, "charset"));
  if (mime === "text/plain") found.text ??= text;
  else found.html ??= text;
}

function decodeBody(body: string, encoding = "7bit", charset = "utf-8"): string {
  const bytes = /base64/i.test(encoding)
    ? Buffer.from(body.replace(/\s+/g, ""), "base64")
    : /quoted-printable/i.test(encoding)
      ? Buffer.from(
          body.replace(/=\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          "latin1",
        )
      : Buffer.from(body, "latin1");
  return decode(bytes, charset).replace(/\n$/, "");
}

function decode(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset.toLowerCase()).decode(bytes);
  } catch {
    return bytes.toString("utf8");
  }
}

/** "=?utf-8?B?...?=" and "=?utf-8?Q?...?=" in a header (RFC 2047). */
function decodeWords(value: string): string {
  // Header bytes outside encoded words are read as UTF-8 (RFC 6532); encoded words are ASCII.
  const text = decode(Buffer.from(value, "latin1"), "utf-8");
  return text
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_m, charset: string, kind: string, word: string) => {
      const bytes =
        kind.toUpperCase() === "B"
          ? Buffer.from(word, "base64")
          : Buffer.from(
              word.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))),
              "latin1",
            );
      return decode(bytes, charset);
    });
}

/** An HTML part's words, for a message without a text part. */
function htmlText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}
