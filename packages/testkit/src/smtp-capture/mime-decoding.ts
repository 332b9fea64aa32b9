// Decoders for MIME bodies and headers. Message text is handled as "binary" strings (latin1: one
// char per byte) until a leaf is decoded, so 8bit bodies in any charset survive the parsing.

/** Bytes → text in `charset`; unknown charsets fall back to utf-8. */
export function decodeCharset(bytes: Buffer, charset = "utf-8"): string {
  try {
    return new TextDecoder(charset.trim().toLowerCase()).decode(bytes);
  } catch {
    return new TextDecoder("utf-8").decode(bytes);
  }
}

/** Undoes a Content-Transfer-Encoding (quoted-printable, base64; 7bit/8bit/binary pass through). */
export function decodeTransfer(binary: string, encoding: string | undefined): Buffer {
  switch ((encoding ?? "7bit").trim().toLowerCase()) {
    case "base64":
      return Buffer.from(binary.replace(/[^A-Za-z0-9+/=]/g, ""), "base64");
    case "quoted-printable":
      return decodeQuotedPrintable(binary);
    default:
      return Buffer.from(binary, "latin1");
  }
}

/** RFC 2045 §6.7: drop transport padding at line ends, join soft line breaks, decode =XX. */
export function decodeQuotedPrintable(binary: string): Buffer {
  const joined = binary.replace(/[ \t]+(?=\r?\n)/g, "").replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === "=" ? joined.slice(i + 1, i + 3) : "";
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(joined.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** The Q encoding of RFC 2047: like quoted-printable, with "_" meaning a space. */
function decodeQ(text: string): Buffer {
  return decodeQuotedPrintable(text.replace(/_/g, " "));
}

const ENCODED_WORD = /=\?([^?\s]+)\?([QqBb])\?([^?\s]*)\?=/g;

/**
 * Decodes RFC 2047 encoded words (`=?UTF-8?Q?Caf=C3=A9?=`, `=?UTF-8?B?...?=`). Whitespace between
 * adjacent encoded words is dropped, and their bytes are joined before decoding, so a character
 * split across two words (as some encoders do) comes out whole.
 */
export function decodeEncodedWords(value: string): string {
  let out = "";
  let last = 0;
  let pending: { charset: string; bytes: Buffer[] } | undefined;
  const flush = () => {
    if (pending) out += decodeCharset(Buffer.concat(pending.bytes), pending.charset);
    pending = undefined;
  };
  for (const match of value.matchAll(ENCODED_WORD)) {
    const between = value.slice(last, match.index);
    const charset = (match[1] ?? "utf-8").split("*")[0] ?? "utf-8"; // "UTF-8*en" carries a language
    const text = match[3] ?? "";
    const bytes = match[2]?.toUpperCase() === "B" ? Buffer.from(text, "base64") : decodeQ(text);
    if (pending === undefined || !/^\s*$/.test(between)) {
      flush();
      out += between;
    } else if (pending.charset.toLowerCase() !== charset.toLowerCase()) {
      flush();
    }
    pending ??= { charset, bytes: [] };
    pending.bytes.push(bytes);
    last = match.index + match[0].length;
  }
  flush();
  return out + value.slice(last);
}

/**
 * Splits `text/plain; charset="utf-8"; format=flowed` into a lowercased value and parameters
 * (names lowercased). RFC 2231 `name*=utf-8''%E2%82%AC` and `name*0=`, `name*1=` continuations are joined.
 */
export function parseParameterized(value: string): { value: string; params: Record<string, string> } {
  const [head = "", ...rest] = splitOutsideQuotes(value, ";");
  const pieces = new Map<string, { index: number; text: string; encoded: boolean }[]>();
  for (const piece of rest) {
    const eq = piece.indexOf("=");
    if (eq < 0) continue;
    const key = piece.slice(0, eq).trim().toLowerCase();
    let text = piece.slice(eq + 1).trim();
    if (text.startsWith('"') && text.endsWith('"') && text.length >= 2) text = text.slice(1, -1).replace(/\\(.)/g, "$1");
    const match = /^([^*]+)(?:\*(\d+))?(\*)?$/.exec(key);
    if (!match) continue;
    const name = match[1] ?? key;
    const list = pieces.get(name) ?? [];
    list.push({ index: Number(match[2] ?? 0), text, encoded: match[3] === "*" });
    pieces.set(name, list);
  }
  const params: Record<string, string> = {};
  for (const [name, list] of pieces) {
    list.sort((a, b) => a.index - b.index);
    if (!list.some((p) => p.encoded)) {
      params[name] = decodeEncodedWords(list.map((p) => p.text).join(""));
      continue;
    }
    // RFC 2231: the first encoded piece starts with charset'language'
    const first = list[0]?.encoded ? /^([^']*)'[^']*'(.*)$/.exec(list[0].text) : null;
    const charset = first?.[1] || "utf-8";
    const bytes = list.map((p, i) => {
      const text = i === 0 && first ? (first[2] ?? "") : p.text;
      return p.encoded
        ? Buffer.from(
            text.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            "latin1",
          )
        : Buffer.from(text, "latin1");
    });
    params[name] = decodeCharset(Buffer.concat(bytes), charset);
  }
  return { value: head.trim().toLowerCase(), params };
}

function splitOutsideQuotes(value: string, separator: string): string[] {
  const parts: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const char = value[i] ?? "";
    if (char === "\\" && quoted) {
      current += char + (value[i + 1] ?? "");
      i++;
    } else if (char === '"') {
      quoted = !quoted;
      current += char;
    } else if (char === separator && !quoted) {
      parts.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts;
}
