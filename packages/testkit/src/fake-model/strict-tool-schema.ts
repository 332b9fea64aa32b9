/**
 * OpenAI's rules for function tools sent with `strict: true` (Structured Outputs), as the fake
 * model enforces them: a schema that breaks one is refused with 400 like OpenAI does, and a
 * scripted call that does not fit a strict schema is refused too, since a real model under
 * constrained decoding cannot produce it.
 */
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/** Keywords OpenAI refuses in strict schemas. */
const UNSUPPORTED = [
  "allOf",
  "oneOf",
  "not",
  "if",
  "then",
  "else",
  "patternProperties",
  "unevaluatedProperties",
  "propertyNames",
  "minProperties",
  "maxProperties",
  "minLength",
  "maxLength",
  "uniqueItems",
  "contains",
  "prefixItems",
  "dependentRequired",
  "dependentSchemas",
];

/** String formats OpenAI accepts in strict schemas. */
const FORMATS = ["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"];

const MAX_DEPTH = 10;

function where(path: string[]): string {
  return path.length === 0 ? "(root)" : path.join(".");
}

function isObjectSchema(node: Json): boolean {
  const type = node.type;
  return type === "object" || (Array.isArray(type) && type.includes("object")) || "properties" in node;
}

function problemAt(node: unknown, path: string[], depth: number): string | null {
  if (!isObject(node)) return `In ${where(path)}, a schema must be an object.`;
  if (depth > MAX_DEPTH) return `In ${where(path)}, the schema is nested more than ${MAX_DEPTH} levels deep.`;
  const bad = UNSUPPORTED.find((k) => k in node);
  if (bad) return `In ${where(path)}, '${bad}' is not permitted.`;
  if (typeof node.format === "string" && !FORMATS.includes(node.format))
    return `In ${where(path)}, format '${node.format}' is not supported.`;
  if (!("type" in node) && !("enum" in node) && !("const" in node) && !("anyOf" in node) && !("$ref" in node)) {
    return `In ${where(path)}, the schema must have a 'type' key.`;
  }
  if (Array.isArray(node.anyOf)) {
    for (const [i, branch] of node.anyOf.entries()) {
      const problem = problemAt(branch, [...path, `anyOf[${i}]`], depth + 1);
      if (problem) return problem;
    }
  }
  if (isObjectSchema(node)) {
    if (node.additionalProperties !== false) return `In ${where(path)}, 'additionalProperties' is required to be supplied and to be false.`;
    const properties = isObject(node.properties) ? node.properties : {};
    const required = Array.isArray(node.required) ? node.required : [];
    const missing = Object.keys(properties).filter((k) => !required.includes(k));
    if (missing.length > 0) {
      return `In ${where(path)}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing[0]}'.`;
    }
    for (const [key, child] of Object.entries(properties)) {
      const problem = problemAt(child, [...path, key], depth + 1);
      if (problem) return problem;
    }
  }
  if ("items" in node) {
    const problem = problemAt(node.items, [...path, "items"], depth + 1);
    if (problem) return problem;
  }
  return null;
}

/** Why OpenAI would refuse this strict function schema, or null when it is acceptable. */
export function strictSchemaProblem(parameters: unknown): string | null {
  if (!isObject(parameters) || parameters.type !== "object") return "In (root), the schema must be of type 'object' (not anyOf).";
  return problemAt(parameters, [], 0);
}

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function typeMatches(allowed: unknown, value: unknown): boolean {
  const types = Array.isArray(allowed) ? allowed : [allowed];
  const actual = typeOf(value);
  return types.includes(actual) || (actual === "integer" && types.includes("number"));
}

function allowsNull(schema: unknown): boolean {
  if (!isObject(schema)) return false;
  if (Array.isArray(schema.anyOf)) return schema.anyOf.some(allowsNull);
  if (Array.isArray(schema.enum)) return schema.enum.includes(null);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes("null");
}

/**
 * A strict model writes every property; a nullable one it has nothing for is null. Scripts may
 * leave those out: they are filled in as the model would send them.
 */
export function fillNullable(schema: unknown, value: unknown): unknown {
  if (!isObject(schema)) return value;
  if (Array.isArray(schema.anyOf)) {
    for (const branch of schema.anyOf) {
      const filled = fillNullable(branch, value);
      if (strictValueProblem(branch, filled) === null) return filled;
    }
    return value;
  }
  if (Array.isArray(value)) return isObject(schema.items) ? value.map((item) => fillNullable(schema.items, item)) : value;
  if (!isObject(value) || !isObject(schema.properties)) return value;
  const out: Json = { ...value };
  for (const [key, child] of Object.entries(schema.properties)) {
    if (key in out) out[key] = fillNullable(child, out[key]);
    else if (allowsNull(child)) out[key] = null;
  }
  return out;
}

/**
 * Where a value breaks a strict schema's structure (types, fields, enums), or null when it fits.
 * Value constraints such as pattern or format are not checked.
 */
export function strictValueProblem(schema: unknown, value: unknown, path: string[] = []): string | null {
  if (!isObject(schema)) return null;
  if (Array.isArray(schema.anyOf)) {
    return schema.anyOf.some((branch) => strictValueProblem(branch, value, path) === null)
      ? null
      : `${where(path)} fits no branch of anyOf`;
  }
  if ("const" in schema && JSON.stringify(schema.const) !== JSON.stringify(value))
    return `${where(path)} must be ${JSON.stringify(schema.const)}`;
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(value)))
    return `${where(path)} is not one of the enum values`;
  if ("type" in schema && !typeMatches(schema.type, value)) return `${where(path)} must be of type ${JSON.stringify(schema.type)}`;
  if (isObject(value) && isObject(schema.properties)) {
    const properties = schema.properties;
    const extra = Object.keys(value).find((k) => !(k in properties));
    if (extra) return `${where(path)} has the unknown field '${extra}'`;
    for (const [key, child] of Object.entries(properties)) {
      if (!(key in value)) return `${where([...path, key])} is missing`;
      const problem = strictValueProblem(child, value[key], [...path, key]);
      if (problem) return problem;
    }
  }
  if (Array.isArray(value) && isObject(schema.items)) {
    for (const [i, item] of value.entries()) {
      const problem = strictValueProblem(schema.items, item, [...path, String(i)]);
      if (problem) return problem;
    }
  }
  return null;
}
