/**
 * Whether an answer holds what a case expects (docs/adr/0044-evaluations.md): a text expected is
 * found in the answer ignoring case and spacing; a JSON value expected is contained in the JSON
 * answer (objects as a subset, arrays element by element in order, other values equal; a number
 * also matches its text, as models often write "12.5" for 12.5).
 */
export function expectedMatches(expected: unknown, answer: string | null): boolean {
  if (answer === null) return false;
  if (typeof expected === "string") return squash(answer).includes(squash(expected));
  const parsed = parseJson(answer);
  return parsed.ok ? contains(parsed.value, expected) : false;
}

const squash = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim();

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function contains(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && expected.length <= actual.length && expected.every((item, i) => contains(actual[i], item));
  }
  if (expected !== null && typeof expected === "object") {
    if (actual === null || typeof actual !== "object" || Array.isArray(actual)) return false;
    const record = actual as Record<string, unknown>;
    return Object.entries(expected).every(([key, value]) => Object.hasOwn(record, key) && contains(record[key], value));
  }
  if (typeof expected === "string" && typeof actual === "string") return squash(actual) === squash(expected);
  if (typeof expected === "number" && typeof actual === "string") return Number(actual.trim()) === expected;
  return actual === expected;
}
