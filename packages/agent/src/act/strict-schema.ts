/**
 * JSON schemas in the form strict tool calling needs (OpenAI Structured Outputs): every object
 * lists all its properties as required and allows no others, so an optional property becomes
 * nullable; only structural keywords stay. Value constraints (pattern, format, lengths, bounds)
 * move into the description, in words: providers refuse different subsets of them, and the
 * answer is validated against the original schema anyway.
 */
type Schema = Record<string, unknown>;

const isObject = (value: unknown): value is Schema => typeof value === "object" && value !== null && !Array.isArray(value);

/** Dropped without a trace: they say nothing about the value. */
const IGNORED = new Set(["$schema", "$id", "$comment", "title", "examples", "default", "deprecated", "readOnly", "writeOnly"]);

/** Kept as they are. */
const STRUCTURAL = new Set(["type", "properties", "required", "additionalProperties", "items", "enum", "const", "anyOf", "description"]);

const count = (v: unknown, noun: string) => `${String(v)} ${noun}${v === 1 ? "" : "s"}`;

/** Moved into the description. */
const IN_WORDS: Record<string, (v: unknown) => string> = {
  pattern: (v) => `matches the pattern ${String(v)}`,
  format: (v) => `format: ${String(v)}`,
  minLength: (v) => `at least ${count(v, "character")}`,
  maxLength: (v) => `at most ${count(v, "character")}`,
  minimum: (v) => `at least ${String(v)}`,
  maximum: (v) => `at most ${String(v)}`,
  exclusiveMinimum: (v) => `more than ${String(v)}`,
  exclusiveMaximum: (v) => `less than ${String(v)}`,
  multipleOf: (v) => `a multiple of ${String(v)}`,
  minItems: (v) => `at least ${count(v, "item")}`,
  maxItems: (v) => `at most ${count(v, "item")}`,
  uniqueItems: (v) => (v === true ? "no duplicate items" : ""),
  minProperties: (v) => `at least ${count(v, "field")}`,
  maxProperties: (v) => `at most ${count(v, "field")}`,
};

/** OpenAI's limit on nesting. */
const MAX_DEPTH = 10;

/** How to turn an answer to the strict schema back into the original shape. */
interface Plan {
  /** Optional properties made nullable: a null there means "left out". */
  nulled?: string[];
  properties?: Record<string, Plan>;
  items?: Plan;
}

export interface StrictSchema {
  schema: Schema;
  /** The answer with the nulls that stand for left-out optional properties removed. */
  restore(value: unknown): unknown;
}

function allowsNull(node: Schema): boolean {
  if (Array.isArray(node.type) && node.type.includes("null")) return true;
  if (node.type === "null") return true;
  if (Array.isArray(node.enum) && node.enum.includes(null)) return true;
  if (Array.isArray(node.anyOf)) return node.anyOf.some((b) => isObject(b) && allowsNull(b));
  return "const" in node && node.const === null;
}

function nullable(node: Schema): Schema {
  if (allowsNull(node)) return node;
  if (Array.isArray(node.anyOf)) return { ...node, anyOf: [...node.anyOf, { type: "null" }] };
  if ("const" in node) return { anyOf: [node, { type: "null" }] };
  const out: Schema = { ...node };
  if ("type" in node) out.type = [...(Array.isArray(node.type) ? node.type : [node.type]), "null"];
  if (Array.isArray(node.enum)) out.enum = [...node.enum, null];
  return out;
}

function isTrivial(plan: Plan): boolean {
  return !plan.nulled?.length && !plan.items && !Object.keys(plan.properties ?? {}).length;
}

function convert(node: unknown, depth: number): { schema: Schema; plan: Plan } | null {
  if (!isObject(node) || depth > MAX_DEPTH) return null;
  const out: Schema = {};
  const words: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (IGNORED.has(key)) continue;
    if (key in IN_WORDS) {
      const text = IN_WORDS[key]!(value);
      if (text) words.push(text);
    } else if (STRUCTURAL.has(key)) out[key] = value;
    else return null; // allOf, oneOf, $ref, patternProperties...: not expressible
  }
  if (!("type" in out) && !("enum" in out) && !("const" in out) && !("anyOf" in out)) return null;
  if (words.length > 0) {
    const described = typeof out.description === "string" && out.description ? `${out.description} ` : "";
    out.description = `${described}(${words.join("; ")})`;
  }
  const plan: Plan = {};
  const types = Array.isArray(out.type) ? out.type : [out.type];
  if (types.includes("object") || "properties" in out) {
    // A free-form object (no properties, or a schema for extra ones) cannot be strict.
    if (!isObject(out.properties) || (out.additionalProperties !== undefined && typeof out.additionalProperties !== "boolean")) return null;
    const required = new Set(Array.isArray(out.required) ? out.required : []);
    if ([...required].some((key) => !(key in (out.properties as Schema)))) return null;
    const properties: Schema = {};
    for (const [key, child] of Object.entries(out.properties)) {
      const converted = convert(child, depth + 1);
      if (!converted) return null;
      const optional = !required.has(key);
      properties[key] = optional ? nullable(converted.schema) : converted.schema;
      if (optional && !allowsNull(converted.schema)) (plan.nulled ??= []).push(key);
      if (!isTrivial(converted.plan)) (plan.properties ??= {})[key] = converted.plan;
    }
    out.properties = properties;
    out.required = Object.keys(properties);
    out.additionalProperties = false;
  }
  if ("items" in out) {
    const converted = convert(out.items, depth + 1);
    if (!converted) return null;
    out.items = converted.schema;
    if (!isTrivial(converted.plan)) plan.items = converted.plan;
  } else if (types.includes("array")) return null; // a list of anything
  if (Array.isArray(out.anyOf)) {
    const branches: Schema[] = [];
    for (const branch of out.anyOf) {
      const converted = convert(branch, depth + 1);
      // Which branch an answer took is not known when restoring: branches must need no restoring.
      if (!converted || !isTrivial(converted.plan)) return null;
      branches.push(converted.schema);
    }
    out.anyOf = branches;
  }
  return { schema: out, plan };
}

function restoreWith(plan: Plan, value: unknown): unknown {
  if (Array.isArray(value)) return plan.items ? value.map((item) => restoreWith(plan.items!, item)) : value;
  if (!isObject(value)) return value;
  const out: Schema = {};
  for (const [key, child] of Object.entries(value)) {
    if (child === null && plan.nulled?.includes(key)) continue;
    const inner = plan.properties?.[key];
    out[key] = inner ? restoreWith(inner, child) : child;
  }
  return out;
}

/** The strict form of a schema, or null when strict mode cannot express it (send it as it is). */
export function toStrictSchema(schema: unknown): StrictSchema | null {
  const converted = convert(schema, 0);
  if (!converted) return null;
  const { plan } = converted;
  return { schema: converted.schema, restore: (value) => (isTrivial(plan) ? value : restoreWith(plan, value)) };
}
