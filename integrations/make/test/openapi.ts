/** Just enough of an OpenAPI 3.1 document to find operations and walk their JSON schemas. */
export interface Schema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minimum?: number;
  maximum?: number;
  $ref?: string;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
}

export interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: Schema;
}

export interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

export interface OpenApi {
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, { type: string; in?: string; name?: string }> } & Record<string, unknown>;
}

/** The schema behind a local $ref, and allOf merged into one object schema. */
export function resolve(doc: OpenApi, schema: Schema | undefined): Schema | undefined {
  if (!schema) return undefined;
  if (schema.$ref) {
    if (!schema.$ref.startsWith("#/")) throw new Error(`Only local $refs are followed, not ${schema.$ref}`);
    let node: unknown = doc;
    for (const part of schema.$ref.slice(2).split("/")) node = (node as Record<string, unknown> | undefined)?.[part];
    if (!node) throw new Error(`Unresolvable $ref ${schema.$ref}`);
    return resolve(doc, node as Schema);
  }
  if (schema.allOf) {
    const merged: Schema = { type: "object", properties: {}, required: [] };
    for (const part of schema.allOf.map((s) => resolve(doc, s))) {
      Object.assign(merged.properties!, part?.properties);
      merged.required!.push(...(part?.required ?? []));
    }
    return merged;
  }
  return schema;
}

/** The types a schema allows; undefined means any value. anyOf/oneOf allow the union. */
export function typesOf(doc: OpenApi, schema: Schema | undefined): Set<string> | undefined {
  const s = resolve(doc, schema);
  if (!s) return undefined;
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) {
    const union = new Set<string>();
    for (const alt of alternatives) {
      const types = typesOf(doc, alt);
      if (!types) return undefined;
      for (const t of types) union.add(t);
    }
    return union;
  }
  if (s.type === undefined) return s.properties ? new Set(["object"]) : s.enum ? new Set(s.enum.map(jsonType)) : undefined;
  return new Set(Array.isArray(s.type) ? s.type : [s.type]);
}

/** A property of an object schema (through anyOf/oneOf too), or undefined when it has none of that name. */
export function propertyOf(doc: OpenApi, schema: Schema | undefined, name: string): Schema | undefined {
  const s = resolve(doc, schema);
  if (!s) return undefined;
  if (s.properties && name in s.properties) return s.properties[name];
  // A record (`additionalProperties` with a schema): every name is a field of that schema, e.g. a batch's result row.
  if (s.additionalProperties && typeof s.additionalProperties === "object") return s.additionalProperties;
  for (const alt of s.anyOf ?? s.oneOf ?? []) {
    const found = propertyOf(doc, alt, name);
    if (found) return found;
  }
  return undefined;
}

/** A schema that says nothing about its value (`{}`), so any field path below it is allowed. */
export function isOpen(doc: OpenApi, schema: Schema | undefined): boolean {
  const s = resolve(doc, schema);
  return !s || (typesOf(doc, s) === undefined && !s.properties);
}

export function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/** Whether a value of one of `types` fits where `allowed` is expected (an integer fits a number). */
export function typesFit(types: Set<string> | undefined, allowed: Set<string> | undefined): boolean {
  if (!allowed || !types) return true;
  for (const t of types) {
    if (allowed.has(t)) continue;
    if (t === "integer" && allowed.has("number")) continue;
    return false;
  }
  return true;
}

/** Problems of a value against a schema (types, enums, required and unknown properties, items). */
export function validateValue(doc: OpenApi, schema: Schema | undefined, value: unknown, at: string): string[] {
  const s = resolve(doc, schema);
  if (!s) return [];
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) {
    const results = alternatives.map((alt) => validateValue(doc, alt, value, at));
    return results.some((r) => r.length === 0) ? [] : [`${at}: matches none of the alternatives (${results.flat().join("; ")})`];
  }
  const types = typesOf(doc, s);
  if (!typesFit(new Set([jsonType(value)]), types)) return [`${at}: ${jsonType(value)} where the API has ${[...types!].join("|")}`];
  if (s.enum && !s.enum.includes(value)) return [`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(s.enum)}`];
  const problems: string[] = [];
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    for (const name of s.required ?? []) if (!(name in record)) problems.push(`${at}.${name}: missing (required by the API)`);
    for (const [name, v] of Object.entries(record)) {
      const prop = s.properties?.[name];
      if (!prop && s.properties && s.additionalProperties !== true && typeof s.additionalProperties !== "object") {
        problems.push(`${at}.${name}: no such field in the API`);
      } else {
        problems.push(
          ...validateValue(
            doc,
            prop ?? (typeof s.additionalProperties === "object" ? s.additionalProperties : undefined),
            v,
            `${at}.${name}`,
          ),
        );
      }
    }
  }
  if (Array.isArray(value)) value.forEach((item, i) => problems.push(...validateValue(doc, s.items, item, `${at}[${i}]`)));
  return problems;
}

/** The JSON schema of an operation's first 2xx answer, or undefined when it has no JSON body (204). */
export function successSchema(op: Operation): Schema | undefined {
  const code = Object.keys(op.responses ?? {}).find((c) => /^2\d\d$/.test(c));
  return code ? op.responses?.[code]?.content?.["application/json"]?.schema : undefined;
}

export function requestSchema(op: Operation): Schema | undefined {
  return op.requestBody?.content?.["application/json"]?.schema;
}

/**
 * The operation a request reaches: its path (relative to the API's server URL, with IML
 * expressions as whole segments) matched segment by segment; an IML segment fills a {param}.
 * Throws on an unknown path or method, naming what exists.
 */
export function findOperation(doc: OpenApi, path: string, method: string): { template: string; op: Operation } {
  const segments = path.split("?")[0]!.split("/");
  const matches = Object.keys(doc.paths).filter((template) => {
    const parts = template.split("/");
    return (
      parts.length === segments.length &&
      parts.every((part, i) => {
        const seg = segments[i]!;
        const isIml = /^\{\{[^{}]+\}\}$/.test(seg);
        if (/^\{[^{}]+\}$/.test(part)) return isIml || (seg !== "" && !seg.includes("{"));
        return !isIml && part === seg;
      })
    );
  });
  if (matches.length === 0) throw new Error(`unknown path ${path} (not in docs/openapi.json)`);
  // A literal segment beats a parameter (/automations/facets over /automations/{slug}).
  matches.sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0));
  for (const template of matches) {
    const op = doc.paths[template]![method.toLowerCase()];
    if (op) return { template, op };
  }
  const known = matches.flatMap((t) => Object.keys(doc.paths[t]!).map((m) => `${m.toUpperCase()} ${t}`));
  throw new Error(`unknown method ${method} for ${path} (the API has ${known.join(", ")})`);
}
