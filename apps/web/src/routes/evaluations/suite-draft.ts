/**
 * The New evaluation form's pure part: the suite a person builds case by case, the models typed
 * as chips, and whether a pasted suite is JSON or YAML (the server reads both; docs/evaluations.md).
 */

/** One case of a suite built in the form; `key` keeps React's rows apart when one is removed. */
export interface CaseDraft {
  key: number;
  prompt: string;
  startUrl: string;
  expected: string;
}

/** The suite as the API takes it (only the fields the form fills). */
export interface BuiltSuite {
  name: string;
  cases: { prompt: string; start_url?: string; expected?: string }[];
}

/** What the form says at its fields: "name", or a case's "prompt" or "startUrl" by its index. */
export interface SuiteDraftErrors {
  name?: string;
  cases: Record<number, { prompt?: string; startUrl?: string }>;
}

let nextKey = 0;
/** An empty case row. */
export function emptyCase(): CaseDraft {
  nextKey += 1;
  return { key: nextKey, prompt: "", startUrl: "", expected: "" };
}

const isWebAddress = (text: string) => {
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
};

/**
 * The suite from the form, or the messages to show at its fields. Only what a person can fix
 * here is checked; the server holds every rule (private addresses, limits) and says the rest.
 */
export function buildSuite(name: string, cases: readonly CaseDraft[]): { suite: BuiltSuite } | { errors: SuiteDraftErrors } {
  const errors: SuiteDraftErrors = { cases: {} };
  if (!name.trim()) errors.name = "Give the evaluation a name";
  cases.forEach((draft, index) => {
    const problems: { prompt?: string; startUrl?: string } = {};
    if (!draft.prompt.trim()) problems.prompt = "Write what the agent should do";
    if (draft.startUrl.trim() && !isWebAddress(draft.startUrl.trim()))
      problems.startUrl = "Enter a web address starting with http:// or https://";
    if (problems.prompt || problems.startUrl) errors.cases[index] = problems;
  });
  if (errors.name || Object.keys(errors.cases).length > 0) return { errors };
  return {
    suite: {
      name: name.trim(),
      cases: cases.map(({ prompt, startUrl, expected }) => ({
        prompt: prompt.trim(),
        ...(startUrl.trim() ? { start_url: startUrl.trim() } : {}),
        ...(expected.trim() ? { expected: expected.trim() } : {}),
      })),
    },
  };
}

/** Model names from what was typed: split at commas and spaces, trimmed, each once, in order. */
export function modelNames(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,]+/)
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
}

/** A pasted or uploaded suite is sent as JSON when it is a JSON object, else as YAML for the server to read. */
export function suiteTextFormat(text: string): "json" | "yaml" {
  const trimmed = text.trim();
  if (!trimmed.startsWith("{")) return "yaml";
  try {
    const value: unknown = JSON.parse(trimmed);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? "json" : "yaml";
  } catch {
    // Not valid JSON: YAML reads JSON too, and the server then names what is wrong.
    return "yaml";
  }
}

/** "suite.cases.1.start_url" as a person reads it: "Case 2, start_url". */
export function fieldPlace(path: string): string {
  const parts = path.split(".").filter((part) => part !== "suite");
  const said: string[] = [];
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i]!;
    const next = parts[i + 1];
    if (part === "cases" && next !== undefined && /^\d+$/.test(next)) {
      said.push(`Case ${Number(next) + 1}`);
      i += 1;
    } else said.push(part);
  }
  return said.join(", ");
}

/**
 * What the form says when the server refuses a suite (400): each field it named with its place
 * ("Case 2, start_url: …"), so a pasted suite can be fixed line by line; its message when it named none.
 */
export function suiteRefusal(message: string | undefined, fields: readonly { path: string; message: string }[]): string {
  const lines = fields.map((field) => {
    const place = fieldPlace(field.path);
    return place ? `${place}: ${field.message}` : field.message;
  });
  if (lines.length > 0) return lines.join("\n");
  return message || "The suite was refused. Check it and try again.";
}
