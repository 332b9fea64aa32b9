/**
 * The column names of a table-shaped JSON schema: one top-level property holding an array of
 * objects. Null for any other shape.
 */
export function outputColumns(schema: unknown): string[] | null {
  if (!isObject(schema) || !isObject(schema.properties)) return null;
  const keys = Object.keys(schema.properties);
  if (keys.length !== 1) return null;
  const list = schema.properties[keys[0]!];
  if (!isObject(list) || list.type !== "array" || !isObject(list.items) || !isObject(list.items.properties)) return null;
  return Object.keys(list.items.properties);
}

function isObject(value: unknown): value is Record<string, unknown> & { properties?: unknown; items?: unknown; type?: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
