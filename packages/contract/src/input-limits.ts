import { z } from "zod";

/**
 * Limits on what callers may send, enforced at every edge (HTTP, CLI, later MCP) through these
 * schemas. Postgres cannot store NUL in text, control characters forge log lines and break
 * displays, and deeply nested JSON overflows recursive code: each is refused with a 400 that
 * names the field and the limit.
 */

/** C0 controls and DEL, except tab, line feed and carriage return (prompts have several lines). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** In one-line values (search queries, names) line breaks are refused too. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS_ONE_LINE = /[\u0000-\u001f\u007f]/;

export const controlCharacterMessage = (field: string) => `${field} must not contain control characters`;

/**
 * Format characters that change what a reader sees without showing themselves: the bidirectional
 * controls (U+061C, U+200E, U+200F, U+202A..U+202E, U+2066..U+2069), which reorder text (with
 * U+202E, "invoice\u202Efdp.exe" reads "invoiceexe.pdf"), and the invisible ones: zero-width space,
 * word joiner and invisible operators (U+200B, U+2060..U+2064), the deprecated format controls
 * (U+206A..U+206F), the byte order mark, interlinear annotations and U+180E. The zero-width
 * joiner and non-joiner stay: scripts and emoji need them. One list, as a regular expression's
 * character class, for file names (stripped) and log lines (escaped).
 */
export const INVISIBLE_FORMAT_CHARACTERS = "\u061c\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb";
const INVISIBLE_FORMAT = new RegExp(`[${INVISIBLE_FORMAT_CHARACTERS}]`, "g");

/** `text` without bidirectional controls and invisible format characters (see above). */
export function stripInvisibleFormatCharacters(text: string): string {
  return text.replace(INVISIBLE_FORMAT, "");
}

/** A string refusing control characters (line breaks allowed unless `oneLine`). */
export function plainText(field: string, options: { oneLine?: boolean } = {}) {
  const pattern = options.oneLine ? CONTROL_CHARACTERS_ONE_LINE : CONTROL_CHARACTERS;
  return z.string().refine((v) => !pattern.test(v), { error: controlCharacterMessage(field) });
}

/** Stored JSON (json_schema): how deep and how large. */
export const JSON_LIMITS = { maxDepth: 32, maxBytes: 100_000 } as const;

/**
 * Why a JSON value is out of bounds, or null when it is fine. Iterative (no recursion), so a
 * value nested 100,000 deep is measured, not a stack overflow. Strings with control characters
 * (NUL above all) are refused too.
 */
export function jsonBoundsProblem(
  value: unknown,
  field: string,
  limits: { maxDepth: number; maxBytes: number } = JSON_LIMITS,
): string | null {
  let bytes = 0;
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length) {
    const { value: v, depth } = stack.pop()!;
    if (v !== null && typeof v === "object") {
      if (depth >= limits.maxDepth) return `${field} is nested more than ${limits.maxDepth} levels deep`;
      const entries = Array.isArray(v) ? v : Object.entries(v).flat();
      bytes += 2 + entries.length;
      for (const item of entries) stack.push({ value: item, depth: depth + (typeof item === "object" && item !== null ? 1 : 0) });
    } else if (typeof v === "string") {
      if (CONTROL_CHARACTERS.test(v)) return controlCharacterMessage(field);
      bytes += v.length + 2;
    } else {
      bytes += String(v).length;
    }
    if (bytes > limits.maxBytes) return `${field} is larger than ${Math.round(limits.maxBytes / 1000)} KB`;
  }
  return null;
}
