/**
 * Turns the server's OpenAPI 3.1 document into plain rows for the /docs page.
 * Pure and dependency-free: it handles the subset the Errand API uses (inline schemas or
 * local `$ref`s, path and query parameters, JSON request bodies, response codes).
 */

/** A JSON schema as found in the document; only the keys read here are typed. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  nullable?: boolean;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

interface ParameterObject {
  $ref?: string;
  name?: string;
  in?: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

interface OperationObject {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: unknown[];
  parameters?: ParameterObject[];
  requestBody?: { $ref?: string; required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { $ref?: string; description?: string }>;
}

export interface OpenApiDocument {
  openapi: string;
  info?: { title?: string; version?: string; description?: string };
  tags?: { name: string }[];
  paths: Record<string, Record<string, OperationObject | unknown>>;
  components?: Record<string, Record<string, unknown>>;
}

/** One field of a schema (or one parameter), ready to show. */
export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  description?: string;
  /** Human-readable limits: "1–20000 characters", "one of: text, json", "default: text". */
  constraints: string[];
}

export interface ApiOperation {
  /** Anchor id, e.g. "post-runs" or "get-runs-id-events". */
  id: string;
  /** The document's operationId (createRun), which names the SDKs' method for it. */
  operationId?: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  /** False when the operation overrides security with `[]` (no key needed). */
  needsKey: boolean;
  parameters: FieldRow[];
  body?: { required: boolean; contentType: string; fields: FieldRow[]; example?: Record<string, unknown> };
  responses: { code: string; description: string }[];
}

export interface ApiTagGroup {
  tag: string;
  id: string;
  operations: ApiOperation[];
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
/** The order the reference lists its groups in; unknown tags follow, then untagged ones. */
export const TAG_ORDER = [
  "Runs",
  "Tasks",
  "Account",
  "API keys",
  "Workspaces",
  "Audit log",
  "Billing",
  "Auth contexts",
  "Credentials",
  "Demos",
  "Automations",
  "Contact",
];
const MAX_DEPTH = 3;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Checks the outline of a fetched document (throws on anything that is not OpenAPI). */
export function parseOpenApiDocument(data: unknown): OpenApiDocument {
  if (!isRecord(data) || typeof data.openapi !== "string" || !isRecord(data.paths)) {
    throw new Error("Not an OpenAPI document");
  }
  return data as unknown as OpenApiDocument;
}

/** Follows a local `$ref` ("#/components/schemas/Run"); unknown or cyclic refs give `{}`. */
export function resolveRef<T extends { $ref?: string }>(doc: OpenApiDocument, value: T, seen = new Set<string>()): T {
  const ref = value.$ref;
  if (!ref) return value;
  if (!ref.startsWith("#/") || seen.has(ref)) return {} as T;
  seen.add(ref);
  let target: unknown = doc;
  for (const raw of ref.slice(2).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    target = isRecord(target) ? target[key] : undefined;
  }
  return isRecord(target) ? resolveRef(doc, target as T, seen) : ({} as T);
}

function asText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** A short type label: "string", "integer | null", "array of string", "string (uuid)". */
export function typeLabel(doc: OpenApiDocument, input: JsonSchema): string {
  const schema = resolveRef(doc, input);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return [...new Set(union.map((part) => typeLabel(doc, part)))].join(" | ");
  if (schema.allOf?.length === 1) return typeLabel(doc, schema.allOf[0]!);
  const name = input.$ref?.split("/").pop();
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) return name ?? (schema.properties ? "object" : schema.enum ? "enum" : "any");
  const labels = types.map((type) => {
    if (type === "array") return `array of ${schema.items ? typeLabel(doc, schema.items) : "any"}`;
    if (type === "object" && name) return name;
    return type !== "null" && schema.format ? `${type} (${schema.format})` : type;
  });
  if (schema.nullable && !types.includes("null")) labels.push("null");
  return labels.join(" | ");
}

/** Limits, allowed values and default of one schema, as short phrases. */
export function constraintsOf(doc: OpenApiDocument, input: JsonSchema): string[] {
  const schema = resolveRef(doc, input);
  const out: string[] = [];
  const range = (min: number | undefined, max: number | undefined, unit: string) => {
    if (min !== undefined && max !== undefined) out.push(`${min}–${max}${unit}`);
    else if (min !== undefined) out.push(`at least ${min}${unit}`);
    else if (max !== undefined) out.push(`at most ${max}${unit}`);
  };
  range(schema.minLength, schema.maxLength, " characters");
  range(schema.minimum, schema.maximum, "");
  if (schema.exclusiveMinimum !== undefined) out.push(`greater than ${schema.exclusiveMinimum}`);
  if (schema.exclusiveMaximum !== undefined) out.push(`less than ${schema.exclusiveMaximum}`);
  range(schema.minItems, schema.maxItems, " items");
  if (schema.enum) out.push(`one of: ${schema.enum.map(asText).join(", ")}`);
  if (schema.const !== undefined) out.push(`always ${asText(schema.const)}`);
  if (schema.pattern) out.push(`pattern: ${schema.pattern}`);
  if (schema.default !== undefined) out.push(`default: ${asText(schema.default)}`);
  return out;
}

/** The properties of an object schema (allOf merged), nested objects flattened as "a.b" / "a[].b". */
export function schemaRows(doc: OpenApiDocument, input: JsonSchema, prefix = "", depth = 0): FieldRow[] {
  const schema = resolveRef(doc, input);
  const parts = schema.allOf ? schema.allOf.map((part) => resolveRef(doc, part)) : [schema];
  const rows: FieldRow[] = [];
  for (const part of parts) {
    const required = new Set(part.required ?? []);
    for (const [key, rawChild] of Object.entries(part.properties ?? {})) {
      const child = resolveRef(doc, rawChild);
      const name = `${prefix}${key}`;
      rows.push({
        name,
        type: typeLabel(doc, rawChild),
        required: required.has(key),
        description: child.description ?? rawChild.description,
        constraints: constraintsOf(doc, child),
      });
      if (depth + 1 >= MAX_DEPTH) continue;
      if (child.properties || child.allOf) rows.push(...schemaRows(doc, child, `${name}.`, depth + 1));
      const items = child.items ? resolveRef(doc, child.items) : undefined;
      if (items?.properties) rows.push(...schemaRows(doc, items, `${name}[].`, depth + 1));
    }
  }
  return rows;
}

/** A request body with its required fields only, each with a value of its type: what a code sample sends. */
export function exampleBody(doc: OpenApiDocument, input: JsonSchema): Record<string, unknown> {
  const schema = resolveRef(doc, input);
  const required = new Set(schema.required ?? []);
  const body: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(schema.properties ?? {})) if (required.has(key)) body[key] = exampleValue(doc, child, 0);
  return body;
}

function exampleValue(doc: OpenApiDocument, input: JsonSchema, depth: number): unknown {
  const schema = resolveRef(doc, input);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const variant = schema.oneOf?.[0] ?? schema.anyOf?.[0];
  if (variant) return exampleValue(doc, variant, depth);
  const type = (Array.isArray(schema.type) ? schema.type.filter((t) => t !== "null")[0] : schema.type) ?? "object";
  if (type === "string") return "...";
  if (type === "integer" || type === "number") return schema.minimum ?? 1;
  if (type === "boolean") return true;
  if (type === "array") return schema.items && depth < MAX_DEPTH ? [exampleValue(doc, schema.items, depth + 1)] : [];
  return depth < MAX_DEPTH ? exampleBody(doc, schema) : {};
}

/** "post" + "/runs/{id}/events" gives "post-runs-id-events". */
export function operationId(method: string, path: string): string {
  const slug = path
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `${method.toLowerCase()}-${slug || "root"}`;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function toOperation(doc: OpenApiDocument, method: string, path: string, op: OperationObject): ApiOperation {
  const parameters = (op.parameters ?? [])
    .map((raw) => resolveRef(doc, raw))
    .filter((param) => param.in === "path" || param.in === "query")
    .map((param): FieldRow => {
      const schema = param.schema ?? {};
      return {
        name: param.name ?? "",
        type: `${param.in} · ${typeLabel(doc, schema)}`,
        required: Boolean(param.required),
        description: param.description ?? resolveRef(doc, schema).description,
        constraints: constraintsOf(doc, schema),
      };
    });
  let body: ApiOperation["body"];
  if (op.requestBody) {
    const requestBody = resolveRef(doc, op.requestBody);
    const [contentType, media] = Object.entries(requestBody.content ?? {})[0] ?? ["application/json", {}];
    const example = contentType === "application/json" ? exampleBody(doc, media.schema ?? {}) : undefined;
    body = { required: Boolean(requestBody.required), contentType, fields: schemaRows(doc, media.schema ?? {}), example };
  }
  const responses = Object.entries(op.responses ?? {}).map(([code, raw]) => ({
    code,
    description: resolveRef(doc, raw).description ?? "",
  }));
  return {
    id: operationId(method, path),
    operationId: op.operationId,
    method: method.toUpperCase(),
    path,
    summary: op.summary ?? "",
    description: op.description,
    needsKey: !(Array.isArray(op.security) && op.security.length === 0),
    parameters,
    body,
    responses,
  };
}

/** Every operation, grouped by its first tag, groups in TAG_ORDER (then the document's order). */
export function groupOperations(doc: OpenApiDocument): ApiTagGroup[] {
  const groups = new Map<string, ApiOperation[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!isRecord(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isRecord(op)) continue;
      const tag = (op as OperationObject).tags?.[0] ?? "Other";
      const list = groups.get(tag) ?? [];
      list.push(toOperation(doc, method, path, op as OperationObject));
      groups.set(tag, list);
    }
  }
  const order = [...TAG_ORDER, ...(doc.tags ?? []).map((tag) => tag.name)];
  const rank = (tag: string) => {
    const index = order.indexOf(tag);
    return index === -1 ? order.length + (tag === "Other" ? 1 : 0) : index;
  };
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([tag, operations]) => ({ tag, id: `tag-${slug(tag)}`, operations }));
}

/** Splits text on backticks so `code` spans can be shown as code without a markdown library. */
export function splitInlineCode(text: string): { text: string; code: boolean }[] {
  return text
    .split("`")
    .map((part, index) => ({ text: part, code: index % 2 === 1 }))
    .filter((part) => part.text !== "");
}

/** The quick-start commands shown at the top of the reference. */
export function quickStartCurl(baseUrl: string): string {
  return [
    "# 1. Create a run",
    `curl -X POST ${baseUrl}/runs \\`,
    `  -H "x-api-key: YOUR_API_KEY" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '{"prompt": "Find the top story on Hacker News and return its title", "response_format": "text"}'`,
    "",
    "# 2. Read it (status and result), with the id from the answer",
    `curl ${baseUrl}/runs/RUN_ID -H "x-api-key: YOUR_API_KEY"`,
    "",
    "# 3. Follow its steps live (Server-Sent Events)",
    `curl -N ${baseUrl}/runs/RUN_ID/events -H "x-api-key: YOUR_API_KEY"`,
  ].join("\n");
}
