import { decodeCharset, decodeEncodedWords, decodeTransfer, parseParameterized } from "./mime-decoding.ts";
import type { MailAttachment } from "./types.ts";

/** What the parser reads out of a message; the envelope is added by the SMTP side. */
export interface ParsedMessage {
  subject: string;
  text: string | undefined;
  html: string | undefined;
  /** Lowercased names, unfolded and decoded values; repeated headers joined with ", ". */
  headers: Record<string, string>;
  attachments: MailAttachment[];
}

interface Entity {
  /** Lowercased name → raw (utf-8 read, not RFC 2047 decoded) values, in order. */
  headers: Map<string, string[]>;
  /** The body as a binary string. */
  body: string;
}

const MAX_DEPTH = 20;

/** Parses an RFC 5322 / MIME message (bytes as received after DATA). */
export function parseMessage(raw: Buffer): ParsedMessage {
  const root = parseEntity(raw.toString("latin1"));
  // The CRLF ending the last line is needed to send the message, not part of what was written
  // (nodemailer adds it when the content lacks one). Multipart parts already come out exact.
  root.body = root.body.replace(/\r?\n$/, "");
  const headers: Record<string, string> = {};
  for (const [name, values] of root.headers) {
    headers[name] = values.map((value) => decodeEncodedWords(value)).join(", ");
  }
  const result: ParsedMessage = { subject: headers.subject ?? "", text: undefined, html: undefined, headers, attachments: [] };
  collectLeaves(root, result, 0);
  return result;
}

/** Splits header block and body at the first empty line and unfolds the headers. */
function parseEntity(binary: string): Entity {
  const blank = /\r?\n\r?\n/.exec(binary);
  const startsWithBody = /^\r?\n/.test(binary);
  const headerText = startsWithBody ? "" : blank ? binary.slice(0, blank.index) : binary;
  const body = startsWithBody ? binary.replace(/^\r?\n/, "") : blank ? binary.slice(blank.index + blank[0].length) : "";
  const headers = new Map<string, string[]>();
  // RFC 5322 §2.2.3: a line break followed by whitespace is folding, not a new header.
  for (const line of headerText.replace(/\r?\n(?=[ \t])/g, "").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = decodeCharset(Buffer.from(line.slice(colon + 1), "latin1")).trim();
    headers.set(name, [...(headers.get(name) ?? []), value]);
  }
  return { headers, body };
}

function header(entity: Entity, name: string): string | undefined {
  return entity.headers.get(name)?.[0];
}

function collectLeaves(entity: Entity, result: ParsedMessage, depth: number): void {
  const contentType = parseParameterized(header(entity, "content-type") ?? "text/plain; charset=us-ascii");
  const boundary = contentType.params.boundary;
  if (contentType.value.startsWith("multipart/") && boundary && depth < MAX_DEPTH) {
    for (const part of splitMultipart(entity.body, boundary)) collectLeaves(parseEntity(part), result, depth + 1);
    return;
  }
  const disposition = parseParameterized(header(entity, "content-disposition") ?? "");
  const bytes = decodeTransfer(entity.body, header(entity, "content-transfer-encoding"));
  const isInlineText = disposition.value !== "attachment" && disposition.params.filename === undefined;
  if (isInlineText && contentType.value === "text/plain" && result.text === undefined) {
    result.text = normalizeNewlines(decodeCharset(bytes, contentType.params.charset));
  } else if (isInlineText && contentType.value === "text/html" && result.html === undefined) {
    result.html = normalizeNewlines(decodeCharset(bytes, contentType.params.charset));
  } else {
    result.attachments.push({
      filename: disposition.params.filename ?? contentType.params.name,
      contentType: contentType.value || "application/octet-stream",
      contentId: header(entity, "content-id")?.replace(/^<|>$/g, ""),
      content: bytes,
    });
  }
}

/** The bodies between `--boundary` delimiter lines, up to the closing `--boundary--`. */
export function splitMultipart(body: string, boundary: string): string[] {
  const escaped = boundary.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  // The line break before a delimiter belongs to the delimiter (RFC 2046 §5.1.1).
  const delimiter = new RegExp(`(?:^|\\r?\\n)--${escaped}(--)?[ \\t]*(?=\\r?\\n|$)(?:\\r?\\n)?`, "g");
  const parts: string[] = [];
  let start = -1;
  for (const match of body.matchAll(delimiter)) {
    if (start >= 0) parts.push(body.slice(start, match.index));
    if (match[1] === "--") return parts;
    start = match.index + match[0].length;
  }
  if (start >= 0) parts.push(body.slice(start));
  return parts;
}

/** Text parts travel with CRLF line ends; hand them back with "\n" as they were most likely written. */
function normalizeNewlines(text: string): string {
  return text.replace(/\r\n/g, "\n");
}
