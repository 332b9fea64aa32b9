/**
 * How a weak but common kind of model fills tool arguments: only what the schema marks as
 * required, leaving every optional argument out. The fake model uses this to behave like such a
 * model (`onlyRequiredArguments` on a turn), and `sampleFromSchema` lets a responder answer any
 * schema the same way without knowing it in advance.
 */
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/** The value with every property its schema does not require removed, at every level. */
export function keepRequired(schema: unknown, value: unknown): unknown {
  if (!isObject(schema)) return value;
  if (Array.isArray(value)) return isObject(schema.items) ? value.map((item) => keepRequired(schema.items, item)) : value;
  if (!isObject(value) || !isObject(schema.properties)) return value;
  const properties = schema.properties;
  const required = Array.isArray(schema.required) ? schema.required.filter((k): k is string => typeof k === "string") : [];
  const out: Json = {};
  for (const key of required) if (key in value) out[key] = keepRequired(properties[key], value[key]);
  return out;
}

function firstType(type: unknown): string | undefined {
  const types = Array.isArray(type) ? type : [type];
  return (types.find((t) => t !== "null") ?? types[0]) as string | undefined;
}

function sampleString(schema: Json, n: number): string {
  switch (schema.format) {
    case "uri":
    case "url":
      return `https://example.com/item-${n}`;
    case "email":
      return `person${n}@example.com`;
    case "date":
      return `2026-01-${String(10 + n).padStart(2, "0")}`;
    case "date-time":
      return `2026-01-${String(10 + n).padStart(2, "0")}T09:30:00Z`;
    default:
      return `Sample ${n}`;
  }
}

/**
 * A value that fits the schema's structure, with only the required properties filled in. Lists
 * get three entries (within minItems and maxItems); a nullable value gets its non-null type.
 */
export function sampleFromSchema(schema: unknown, n = 1): unknown {
  if (!isObject(schema)) return null;
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum.find((v) => v !== null) ?? null;
  if (Array.isArray(schema.anyOf))
    return sampleFromSchema(
      schema.anyOf.find((b) => !(isObject(b) && b.type === "null")),
      n,
    );
  const type = firstType(schema.type) ?? (isObject(schema.properties) ? "object" : undefined);
  switch (type) {
    case "object": {
      const out: Json = {};
      const properties = isObject(schema.properties) ? schema.properties : {};
      const required = Array.isArray(schema.required) ? schema.required.filter((k): k is string => typeof k === "string") : [];
      for (const key of required) out[key] = sampleFromSchema(properties[key], n);
      return out;
    }
    case "array": {
      const min = typeof schema.minItems === "number" ? schema.minItems : 0;
      const max = typeof schema.maxItems === "number" ? schema.maxItems : Infinity;
      const count = Math.max(min, Math.min(3, max));
      return Array.from({ length: count }, (_, i) => sampleFromSchema(schema.items, i + 1));
    }
    case "string":
      return sampleString(schema, n);
    case "integer":
      return n;
    case "number":
      return n + 0.5;
    case "boolean":
      return true;
    default:
      return null;
  }
}
