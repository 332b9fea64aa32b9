/**
 * The value at a dotted path of an answer ("items.0.price"); "" is the whole answer. A JSON
 * answer is read as parsed JSON; a text answer has no fields, only its whole text.
 */
export type Found = { found: true; value: unknown } | { found: false; why: string };

export function valueAt(answer: unknown, path: string): Found {
  if (path === "") return answer === undefined ? { found: false, why: "there is no answer" } : { found: true, value: answer };
  let value = answer;
  for (const key of path.split(".")) {
    if (Array.isArray(value) && /^\d+$/.test(key)) value = value[Number(key)];
    else if (value !== null && typeof value === "object" && !Array.isArray(value) && Object.hasOwn(value, key))
      value = (value as Record<string, unknown>)[key];
    else return { found: false, why: `${path} is missing` };
  }
  return value === undefined ? { found: false, why: `${path} is missing` } : { found: true, value };
}

/** The answer as the checks read it: parsed JSON for a JSON run (undefined when it does not parse), else the text. */
export function readAnswer(result: string | null, responseFormat: "text" | "json"): unknown {
  if (result === null) return undefined;
  if (responseFormat === "text") return result;
  try {
    return JSON.parse(result) as unknown;
  } catch {
    return undefined;
  }
}

/** A short quote of a value for a check's message. */
export function quote(value: unknown): string {
  const text = typeof value === "string" ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
