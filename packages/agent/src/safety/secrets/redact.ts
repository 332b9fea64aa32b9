/** Replaces secret strings (cookie values, passwords) wherever they would reach a model prompt. */
export interface Redactor {
  /** The text with every sensitive value replaced by "[redacted]". */
  redact(text: string): string;
  /** True when the text contains a sensitive value. */
  contains(text: string): boolean;
}

/** Values shorter than this are too common ("1", "en") to be secrets and are not redacted. */
export const MIN_SECRET_LENGTH = 4;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export function createRedactor(values: readonly string[] | undefined): Redactor {
  const secrets = [...new Set((values ?? []).filter((v) => typeof v === "string" && v.length >= MIN_SECRET_LENGTH))];
  // Also catch the forms a value takes in URLs and JSON bodies.
  const forms = new Set<string>();
  for (const v of secrets) {
    forms.add(v);
    forms.add(encodeURIComponent(v));
    forms.add(JSON.stringify(v).slice(1, -1));
  }
  const sorted = [...forms].filter((f) => f.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
  if (sorted.length === 0) return { redact: (t) => t, contains: () => false };
  const pattern = new RegExp(sorted.map(escapeRegExp).join("|"), "g");
  return {
    redact: (text) => text.replace(pattern, "[redacted]"),
    contains: (text) => {
      pattern.lastIndex = 0;
      const found = pattern.test(text);
      pattern.lastIndex = 0;
      return found;
    },
  };
}

/** A redactor that learns values during the run (a TOTP code once it is made). */
export interface GrowingRedactor extends Redactor {
  add(...values: string[]): void;
}

export function createGrowingRedactor(values: readonly string[] | undefined): GrowingRedactor {
  const known = [...(values ?? [])];
  let current = createRedactor(known);
  return {
    redact: (text) => current.redact(text),
    contains: (text) => current.contains(text),
    add(...more) {
      const fresh = more.filter((v) => !known.includes(v));
      if (fresh.length === 0) return;
      known.push(...fresh);
      current = createRedactor(known);
    },
  };
}
