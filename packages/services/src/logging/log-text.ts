import { INVISIBLE_FORMAT_CHARACTERS } from "@errand/contract";

/**
 * Bounds of one log line, in characters (UTF-16 code units). Whatever is longer is cut and
 * ends with "…[truncated N chars]", so a 1 MB input cannot make a 1 MB line.
 */
export const LOG_LIMITS = {
  /** The message (the text after the level). */
  message: 2048,
  /** Each field's value: a string's length, or another value's JSON. */
  field: 1024,
  /** The whole line, timestamp and fields included. */
  line: 8192,
} as const;

/**
 * Characters that could end a line or fake one in a terminal or a log viewer: every C0 and C1
 * control (CR, LF, NUL, ESC, NEL...), DEL, the Unicode line and paragraph separators, and the
 * bidirectional controls and invisible format characters that reorder or hide what a reader
 * sees (the contract's list, which file names are stripped of).
 */
const UNSAFE = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029${INVISIBLE_FORMAT_CHARACTERS}]`, "g");
const NAMED: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/** The text on one line: unsafe characters become visible escapes (`\n`, `\u0000`). */
export function escapeControls(text: string): string {
  return text.replace(UNSAFE, (ch) => NAMED[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** Room kept for the marker ("…[truncated 1234567 chars]"). */
const MARKER_ROOM = 40;

/**
 * `text` escaped and at most `max` characters long; a longer one is cut (never inside a
 * character or an escape) and says how many characters of the original were left out.
 */
export function clipText(text: string, max: number): string {
  const head = escapeControls(text.length > max ? text.slice(0, max) : text);
  if (text.length <= max && head.length <= max) return head;
  const room = Math.max(0, max - MARKER_ROOM);
  let kept = "";
  let used = 0;
  for (const ch of text) {
    const piece = escapeControls(ch);
    if (kept.length + piece.length > room) break;
    kept += piece;
    used += ch.length;
  }
  return `${kept}…[truncated ${text.length - used} chars]`;
}
