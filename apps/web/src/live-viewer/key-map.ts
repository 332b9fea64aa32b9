/** Which keyboard events go to the remote page, and what they carry (no DOM), unit-tested in key-map.test.ts. */

/** The fields of a KeyboardEvent these helpers read. */
export interface KeyLike {
  key: string;
  code: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  isComposing?: boolean;
}

/** The fields of a mouse, pointer, wheel or keyboard event that carry modifiers. */
export type ModifierLike = Pick<KeyLike, "altKey" | "ctrlKey" | "metaKey" | "shiftKey">;

/** CDP's modifiers bitmask: Alt=1, Ctrl=2, Meta=4, Shift=8. */
export function modifiersOf(e: ModifierLike): number {
  return (e.altKey ? 1 : 0) | (e.ctrlKey ? 2 : 0) | (e.metaKey ? 4 : 0) | (e.shiftKey ? 8 : 0);
}

/**
 * - "send": forwarded to the remote page (and the default action prevented here);
 * - "pass": left to the viewer page (Ctrl/Meta+V so the paste event fires, Ctrl/Meta+C, IME composition);
 * - "leave": Shift+Escape, which moves focus out of the canvas so keyboard users are never trapped.
 */
export type KeyDecision = "send" | "pass" | "leave";

export function classifyKey(e: KeyLike): KeyDecision {
  if (e.isComposing || e.key === "Process" || e.key === "Unidentified") return "pass";
  if (e.key === "Escape" && e.shiftKey) return "leave";
  if ((e.ctrlKey || e.metaKey) && !e.altKey) {
    const letter = e.key.length === 1 ? e.key.toLowerCase() : "";
    if (letter === "v" || letter === "c" || e.code === "KeyV" || e.code === "KeyC") return "pass";
  }
  return "send";
}

/** True for a key value that is a single printable character ("a", "é", "😀", " "), false for "Enter", "ArrowLeft"… */
export function isPrintable(key: string): boolean {
  const chars = [...key];
  if (chars.length !== 1) return false;
  const cp = chars[0]!.codePointAt(0)!;
  return cp >= 0x20 && cp !== 0x7f && !(cp >= 0x80 && cp < 0xa0);
}

/**
 * The text a keydown types: the character itself for a printable key without Ctrl/Meta (AltGr,
 * which browsers on Windows report as Ctrl+Alt, still types), "\r" for Enter (Chrome submits
 * forms and breaks lines on that character); otherwise none.
 */
export function keyText(e: KeyLike): string | undefined {
  const altGr = e.ctrlKey && e.altKey && !e.metaKey;
  if ((e.ctrlKey || e.metaKey) && !altGr) return undefined;
  if (e.key === "Enter") return "\r";
  return isPrintable(e.key) ? e.key : undefined;
}
