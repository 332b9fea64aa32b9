/**
 * Builders for the catalogue's JSON schemas. Every list automation returns the table shape the
 * Results panel shows (spec section 4): an object with exactly one property holding an array of
 * flat objects. Every column is required so rows keep the same columns in the same order; a
 * value the page does not show is null rather than missing (the table shows it as an empty cell).
 */
type ScalarType = "string" | "number" | "integer" | "boolean";
export type FieldSchema = Record<string, unknown>;

function field(type: ScalarType, nullable: boolean, description: string | undefined, extra: Record<string, unknown> = {}): FieldSchema {
  return { type: nullable ? [type, "null"] : type, ...(description ? { description } : {}), ...extra };
}

export const str = (description?: string): FieldSchema => field("string", false, description);
export const strOrNull = (description?: string): FieldSchema => field("string", true, description);
export const url = (description?: string): FieldSchema => field("string", false, description, { format: "uri" });
export const urlOrNull = (description?: string): FieldSchema => field("string", true, description, { format: "uri" });
export const int = (description?: string): FieldSchema => field("integer", false, description);
export const intOrNull = (description?: string): FieldSchema => field("integer", true, description);
export const num = (description?: string): FieldSchema => field("number", false, description);
export const numOrNull = (description?: string): FieldSchema => field("number", true, description);
export const bool = (description?: string): FieldSchema => field("boolean", false, description);
export const boolOrNull = (description?: string): FieldSchema => field("boolean", true, description);
export const choice = (values: readonly string[], description?: string): FieldSchema =>
  field("string", false, description, { enum: [...values] });
export const choiceOrNull = (values: readonly string[], description?: string): FieldSchema =>
  field("string", true, description, { enum: [...values, null] });

/** `{ key: [{...fields}] }`, every field required, no other properties; maxItems when the prompt names a count. */
export function table(key: string, fields: Record<string, FieldSchema>, maxItems?: number): Record<string, unknown> {
  const items = { type: "object", properties: fields, required: Object.keys(fields), additionalProperties: false };
  return {
    type: "object",
    properties: { [key]: { type: "array", ...(maxItems ? { maxItems } : {}), items } },
    required: [key],
    additionalProperties: false,
  };
}

/**
 * The same shape for a table whose columns come from the page (e.g. "extract a table"): each row
 * maps the page's column headers to scalar cell values.
 */
export function openTable(key: string, maxItems: number, rowDescription: string): Record<string, unknown> {
  const items = {
    type: "object",
    description: rowDescription,
    minProperties: 1,
    additionalProperties: { type: ["string", "number", "boolean", "null"] },
  };
  return {
    type: "object",
    properties: { [key]: { type: "array", maxItems, items } },
    required: [key],
    additionalProperties: false,
  };
}

/** A prompt written one line per array entry. */
export const lines = (...parts: string[]): string => parts.join("\n");
