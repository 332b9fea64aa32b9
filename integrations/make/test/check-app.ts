import type { Component, MakeApp } from "./load-app.ts";
import {
  findOperation,
  isOpen,
  jsonType,
  propertyOf,
  requestSchema,
  resolve,
  successSchema,
  typesFit,
  typesOf,
  validateValue,
  type OpenApi,
  type Operation,
  type Schema,
} from "./openapi.ts";

/**
 * Checks a Make custom app against the API it calls, without a Make runtime: every request of
 * the connection, modules, RPCs and webhook attach/detach must reach an operation of the OpenAPI
 * document (path and method), send only fields that operation accepts with types that fit, send
 * its required fields, read only response fields that exist, and every module's interface and
 * samples must match what its last request outputs. Returns the problems; empty means it fits.
 */

interface Param {
  name: string;
  type: string;
  required?: boolean;
  options?: unknown;
  validate?: { min?: number; max?: number };
  spec?: Param | Param[];
}

/** What the IML of one component may refer to. */
interface Scope {
  where: string;
  parameters: Map<string, Param>;
  connection: Map<string, Param>;
  webhook: Set<string> | undefined;
  temp: Map<string, Schema | undefined>;
}

/** A source of a value: a schema to compare with, or a parameter's declared type. */
type Source = { schema: Schema | undefined } | { param: Param };

const IML_REF = /\b(parameters|connection|webhook|temp|body|item)\b((?:\.[A-Za-z_$][\w$]*)*)/g;
const ONLY_EXPR = /^\{\{([^{}]*)\}\}$/;
const ANY: Schema = {};

export function checkMakeApp(app: MakeApp, doc: OpenApi): string[] {
  const problems: string[] = [];
  const fail = (where: string, message: string) => problems.push(`${where}: ${message}`);
  const file = <T>(component: Component, code: string): T | undefined => {
    const path = component.codeFiles[code];
    return path ? (app.files[path] as T | undefined) : undefined;
  };
  const params = (list: Param[] | undefined) => new Map((list ?? []).map((p) => [p.name, p]));
  const { components } = app.manifest;
  const connections = components.connection ?? {};
  const rpcs = components.rpc ?? {};
  const webhooks = components.webhook ?? {};

  const server = doc.servers?.[0]?.url ?? "";
  const securityHeaders = Object.values(doc.components?.securitySchemes ?? {})
    .filter((s) => s.type === "apiKey" && s.in === "header")
    .map((s) => s.name!.toLowerCase());

  // Base: relative URLs go to {{connection.baseUrl}} + the API's server path; the key goes in the API's header.
  const base = app.files[app.manifest.generalCodeFiles.base ?? ""] as { baseUrl?: string; headers?: Record<string, string> } | undefined;
  if (!base) fail("base", "missing");
  else {
    if (base.baseUrl !== `{{connection.baseUrl}}${server}`) fail("base", `baseUrl must be {{connection.baseUrl}}${server}, not ${base.baseUrl}`);
    checkHeaders("base", base.headers);
  }

  function checkHeaders(where: string, headers: unknown) {
    if (!headers || typeof headers !== "object") return;
    for (const name of Object.keys(headers)) {
      if (!securityHeaders.includes(name.toLowerCase())) fail(where, `header ${name} is not the API's key header (${securityHeaders.join(", ")})`);
    }
  }

  // Select options that come from an RPC must name one of the app's RPCs.
  const checkParams = (where: string, list: Param[] | undefined) => {
    const walk = (ps: Param[]) => {
      for (const p of ps) {
        if (typeof p.options === "string") {
          const rpc = /^rpc:\/\/(\w+)$/.exec(p.options)?.[1];
          if (!rpc || !rpcs[rpc]) fail(where, `parameter ${p.name} uses unknown RPC ${p.options}`);
        }
        if (p.spec) walk(Array.isArray(p.spec) ? p.spec : [p.spec]);
      }
    };
    walk(list ?? []);
  };

  // --- IML typing -------------------------------------------------------------------------

  /** Follows a field path through a schema; reports a field the API does not have. */
  function walkPath(where: string, schema: Schema | undefined, root: string, path: string[]): Schema | undefined {
    let current = schema;
    const seen = [root];
    for (const field of path) {
      if (isOpen(doc, current)) return ANY;
      const next = propertyOf(doc, current, field);
      if (!next) {
        fail(where, `${[...seen, field].join(".")} is not a field of the API's answer`);
        return undefined;
      }
      seen.push(field);
      current = next;
    }
    return current;
  }

  /** The sources one IML reference stands for, checking that what it names exists. */
  function refSource(where: string, scope: Scope, root: string, path: string[], context: { body?: Schema; item?: Schema }): Source | undefined {
    switch (root) {
      case "parameters":
      case "connection": {
        const table = root === "parameters" ? scope.parameters : scope.connection;
        const param = table.get(path[0] ?? "");
        if (!param) {
          fail(where, `${root}.${path[0] ?? ""} is not a parameter of ${root === "parameters" ? scope.where : "the connection"}`);
          return undefined;
        }
        return { param };
      }
      case "webhook":
        if (!scope.webhook?.has(path[0] ?? "")) {
          fail(where, `webhook.${path[0] ?? ""} is not set (webhook.url, or a field the attach saves in response.data)`);
          return undefined;
        }
        return { schema: { type: "string" } };
      case "temp": {
        const name = path[0] ?? "";
        if (!scope.temp.has(name)) {
          fail(where, `temp.${name} is not set by an earlier request`);
          return undefined;
        }
        return { schema: walkPath(where, scope.temp.get(name), `temp.${name}`, path.slice(1)) };
      }
      case "body":
      case "item": {
        const schema = context[root];
        if (!schema) {
          fail(where, `${root} is not available here`);
          return undefined;
        }
        return { schema: walkPath(where, schema, root, path) };
      }
    }
    return undefined;
  }

  /** Checks every reference in an IML string; returns the sources when the string is one value. */
  function imlSources(where: string, scope: Scope, text: string, context: { body?: Schema; item?: Schema }): Source[] | undefined {
    for (const expr of text.matchAll(/\{\{([^{}]*)\}\}/g)) {
      const code = expr[1]!.replace(/'[^']*'|"[^"]*"/g, "''");
      for (const ref of code.matchAll(IML_REF)) {
        const source = refSource(where, scope, ref[1]!, ref[2]!.split(".").filter(Boolean), context);
        // `x == 'literal'`: the literal must be one of the field's values.
        const compared = new RegExp(`${ref[1]}${ref[2]!.replace(/\./g, "\\.")}\\s*[!=]==?\\s*'([^']*)'`).exec(expr[1]!)?.[1];
        if (compared !== undefined && source && "schema" in source) {
          const e = resolve(doc, source.schema)?.enum;
          if (e && !e.includes(compared)) fail(where, `'${compared}' is never a value of ${ref[1]}${ref[2]} (${e.join(", ")})`);
        }
      }
    }
    const whole = ONLY_EXPR.exec(text)?.[1]?.trim();
    if (whole === undefined) return undefined;
    const args = /^ifempty\((.*)\)$/.exec(whole)?.[1]?.split(",").map((a) => a.trim()) ?? [whole];
    const sources: Source[] = [];
    for (const arg of args) {
      const m = /^(parameters|connection|webhook|temp|body|item)((?:\.[A-Za-z_$][\w$]*)*)$/.exec(arg);
      if (!m) return undefined;
      const source = refSource(where, scope, m[1]!, m[2]!.split(".").filter(Boolean), context);
      if (source) sources.push(source);
    }
    return sources;
  }

  /** JSON types a Make parameter type produces; undefined for any. */
  function paramTypes(p: Param): Set<string> | undefined {
    switch (p.type) {
      case "text": case "url": case "email": case "password": case "date": case "uuid": case "color": case "timezone": case "path": case "time": case "hidden":
        return new Set(["string"]);
      case "integer": case "uinteger": return new Set(["integer"]);
      case "number": return new Set(["number"]);
      case "boolean": return new Set(["boolean"]);
      case "array": return new Set(["array"]);
      case "collection": return new Set(["object"]);
      case "select":
        return Array.isArray(p.options) ? new Set((p.options as Array<{ value: unknown }>).map((o) => jsonType(o.value))) : new Set(["string"]);
      default: return undefined;
    }
  }

  /** Whether a source fits a field of the API's request. */
  function checkSourceFits(where: string, source: Source, target: Schema | undefined) {
    const t = resolve(doc, target);
    const allowed = typesOf(doc, t);
    if ("param" in source) {
      const p = source.param;
      const types = paramTypes(p);
      if (!typesFit(types, allowed)) fail(where, `parameter ${p.name} (${p.type}) gives ${[...types!].join("|")}, the API wants ${[...allowed!].join("|")}`);
      if (t?.enum && Array.isArray(p.options)) {
        for (const o of p.options as Array<{ value: unknown }>) if (!t.enum.includes(o.value)) fail(where, `option ${JSON.stringify(o.value)} of ${p.name} is not one of ${JSON.stringify(t.enum)}`);
      }
      if (t?.minimum !== undefined && (p.validate?.min === undefined || p.validate.min < t.minimum)) fail(where, `${p.name} must not go below the API's minimum ${t.minimum}`);
      if (t?.maximum !== undefined && (p.validate?.max === undefined || p.validate.max > t.maximum)) fail(where, `${p.name} must not go above the API's maximum ${t.maximum}`);
    } else {
      const types = typesOf(doc, source.schema);
      if (!typesFit(types, allowed)) fail(where, `gives ${[...(types ?? [])].join("|")}, the API wants ${[...(allowed ?? [])].join("|")}`);
      const from = resolve(doc, source.schema)?.enum;
      if (t?.enum && from) for (const v of from) if (!t.enum.includes(v)) fail(where, `may give ${JSON.stringify(v)}, not one of ${JSON.stringify(t.enum)}`);
    }
  }

  /** A body (or part of one) against the API's request schema. */
  function checkBody(where: string, scope: Scope, value: unknown, schema: Schema | undefined) {
    if (typeof value === "string" && value.includes("{{")) {
      const sources = imlSources(where, scope, value, {});
      if (!sources) {
        if (!isOpen(doc, schema)) fail(where, `cannot tell the type of ${value}: use {{x}} or {{ifempty(x, y)}}`);
        return;
      }
      for (const s of sources) checkSourceFits(where, s, schema);
      return;
    }
    const s = resolve(doc, schema);
    if (value && typeof value === "object" && !Array.isArray(value)) {
      if (isOpen(doc, s)) return;
      if (!typesFit(new Set(["object"]), typesOf(doc, s))) return void fail(where, `an object where the API wants ${[...typesOf(doc, s)!].join("|")}`);
      const record = value as Record<string, unknown>;
      for (const name of s?.required ?? []) if (!(name in record)) fail(where, `sends no ${name}, which the API requires`);
      for (const [name, v] of Object.entries(record)) {
        const prop = propertyOf(doc, s, name);
        if (!prop) fail(`${where}.${name}`, `no such field in the API's request`);
        else checkBody(`${where}.${name}`, scope, v, prop);
      }
      return;
    }
    if (Array.isArray(value)) {
      if (!typesFit(new Set(["array"]), typesOf(doc, s))) return void fail(where, `an array where the API wants ${[...typesOf(doc, s)!].join("|")}`);
      value.forEach((item, i) => checkBody(`${where}[${i}]`, scope, item, s?.items));
      return;
    }
    const bad = validateValue(doc, s, value, "value");
    if (bad.length) fail(where, bad.join("; "));
  }

  /** Every IML reference anywhere in a JSON value (response directives, conditions). */
  function checkRefs(where: string, scope: Scope, value: unknown, context: { body?: Schema; item?: Schema }) {
    if (typeof value === "string") imlSources(where, scope, value, context);
    else if (Array.isArray(value)) value.forEach((v, i) => checkRefs(`${where}[${i}]`, scope, v, context));
    else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) checkRefs(`${where}.${k}`, scope, v, context);
  }

  /** The schema an output directive produces. */
  function outputSchema(where: string, scope: Scope, output: unknown, context: { body?: Schema; item?: Schema; extra?: Record<string, Schema> }): Schema | undefined {
    if (typeof output === "string") {
      const whole = ONLY_EXPR.exec(output)?.[1]?.trim();
      if (whole && context.extra?.[whole]) return context.extra[whole];
      const sources = imlSources(where, scope, output, context);
      const first = sources?.[0];
      return first && "schema" in first ? first.schema : ANY;
    }
    if (output && typeof output === "object" && !Array.isArray(output)) {
      const properties: Record<string, Schema> = {};
      for (const [k, v] of Object.entries(output)) properties[k] = outputSchema(`${where}.${k}`, scope, v, context) ?? ANY;
      return { type: "object", properties, required: Object.keys(properties) };
    }
    return ANY;
  }

  interface Request {
    url?: string;
    method?: string;
    headers?: unknown;
    qs?: unknown;
    body?: unknown;
    temp?: Record<string, unknown>;
    condition?: unknown;
    repeat?: { condition?: string };
    response?: { output?: unknown; iterate?: unknown; temp?: Record<string, unknown>; data?: Record<string, unknown>; metadata?: unknown; error?: unknown };
  }

  /** One request: the operation it reaches, what it sends, what it reads. Returns its output schema. */
  function checkRequest(where: string, scope: Scope, req: Request, kind: "connection" | "relative" | "universal"): { output?: Schema; data?: string[] } {
    checkRefs(`${where}.condition`, scope, req.condition, {});
    let op: Operation | undefined;
    let path: string | undefined;
    const method = req.method ?? "GET";
    const url = req.url ?? "";
    if (kind === "universal") {
      if (!/^\{\{connection\.baseUrl\}\}\/api\{\{parameters\.\w+\}\}$/.test(url)) fail(where, `the universal module's URL must be {{connection.baseUrl}}/api{{parameters.<path>}}, not ${url}`);
    } else if (kind === "connection") {
      const prefix = `{{parameters.baseUrl}}${server}`;
      if (!url.startsWith(prefix + "/")) fail(where, `the connection's URL must start with ${prefix}/, not ${url}`);
      else path = url.slice(prefix.length);
    } else if (!url.startsWith("/")) fail(where, `URL ${url} must be relative to the base URL (start with /)`);
    else path = url;
    if (path !== undefined) {
      try {
        op = findOperation(doc, path, method).op;
      } catch (error) {
        fail(where, (error as Error).message);
      }
    }
    if (kind !== "universal") checkHeaders(where, req.headers);
    checkRefs(`${where}.url`, scope, url, {});
    if (op) {
      const queryNames = (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
      for (const [name, v] of Object.entries((req.qs as Record<string, unknown>) ?? {})) {
        if (!queryNames.includes(name)) fail(where, `query parameter ${name} is not one of the operation's (${queryNames.join(", ") || "none"})`);
        checkRefs(`${where}.qs.${name}`, scope, v, {});
      }
      const accepts = requestSchema(op);
      if (req.body !== undefined && !accepts) fail(where, `${method} ${path} takes no body`);
      else if (accepts) {
        if (req.body === undefined) fail(where, `${method} ${path} needs a body`);
        else checkBody(`${where}.body`, scope, req.body, accepts);
      }
    } else {
      checkRefs(`${where}.body`, scope, req.body, {});
    }
    for (const [name, v] of Object.entries(req.temp ?? {})) scope.temp.set(name, outputSchema(`${where}.temp.${name}`, scope, v, {}));

    const body = op ? (successSchema(op) ?? (kind === "universal" ? ANY : undefined)) : ANY;
    const extra = kind === "universal" ? { body: ANY, headers: { type: "object" }, statusCode: { type: "integer" } } : undefined;
    const context = { body: body ?? { type: "null" } };
    if (req.repeat) checkRefs(`${where}.repeat`, scope, req.repeat, context);
    const response = req.response ?? {};
    checkRefs(`${where}.response.error`, scope, response.error, { body: ANY });
    checkRefs(`${where}.response.metadata`, scope, response.metadata, context);
    let itemContext: { body?: Schema; item?: Schema } = context;
    if (response.iterate !== undefined) {
      const container = typeof response.iterate === "string" ? response.iterate : (response.iterate as { container: string }).container;
      const sources = imlSources(`${where}.response.iterate`, scope, container, context);
      const list = sources?.[0] && "schema" in sources[0] ? resolve(doc, sources[0].schema) : undefined;
      if (!list || !typesOf(doc, list)?.has("array")) fail(`${where}.response.iterate`, `${container} is not a list in the API's answer`);
      itemContext = { ...context, item: list?.items ?? ANY };
    }
    for (const [name, v] of Object.entries(response.temp ?? {})) scope.temp.set(name, outputSchema(`${where}.response.temp.${name}`, scope, v, context));
    const data = Object.keys(response.data ?? {});
    checkRefs(`${where}.response.data`, scope, response.data, context);
    const output = response.output !== undefined ? outputSchema(`${where}.response.output`, scope, response.output, { ...itemContext, extra }) : undefined;
    return { output, data };
  }

  function checkCommunication(where: string, scope: Scope, comm: unknown, kind: "connection" | "relative" | "universal") {
    const requests = (Array.isArray(comm) ? comm : comm ? [comm] : []) as Request[];
    let output: Schema | undefined;
    let data: string[] = [];
    requests.forEach((req, i) => {
      const result = checkRequest(requests.length > 1 ? `${where}[${i}]` : where, scope, req, kind);
      if (result.output) output = result.output;
      data = [...data, ...(result.data ?? [])];
    });
    return { output, data };
  }

  /** Interface fields must be fields of the output, with fitting types; samples must fit both. */
  function checkInterface(where: string, iface: Param[] | undefined, output: Schema | undefined, samples: unknown) {
    if (!iface) return fail(where, "has no interface");
    if (!output) return fail(where, "outputs nothing, yet has an interface");
    const walk = (at: string, ps: Param[], schema: Schema | undefined) => {
      if (isOpen(doc, schema)) return;
      for (const p of ps) {
        const prop = propertyOf(doc, schema, p.name);
        if (!prop) {
          fail(where, `interface field ${at}${p.name} is not in the API's answer`);
          continue;
        }
        const types = paramTypes(p);
        const allowed = typesOf(doc, prop);
        // The API's field may be null; the interface names the type of its value.
        if (allowed && types && ![...types].some((t) => allowed.has(t) || (t === "integer" && allowed.has("number")) || (t === "number" && allowed.has("integer")))) {
          fail(where, `interface field ${at}${p.name} is ${p.type}, the API's is ${[...allowed].join("|")}`);
        }
        const spec = p.spec ? (Array.isArray(p.spec) ? p.spec : [p.spec]) : undefined;
        if (spec && p.type === "collection") walk(`${at}${p.name}.`, spec, prop);
        if (spec && p.type === "array") walk(`${at}${p.name}[].`, spec, resolve(doc, prop)?.items);
      }
    };
    walk("", iface, output);
    if (samples !== undefined) {
      for (const bad of validateValue(doc, output, samples, "samples")) fail(where, bad);
      const names = new Set(iface.map((p) => p.name));
      for (const key of Object.keys(samples as object)) if (!names.has(key)) fail(where, `samples.${key} is not in the interface`);
    }
  }

  // --- components ---------------------------------------------------------------------------

  const connectionParams = new Map<string, Map<string, Param>>();
  for (const [id, c] of Object.entries(connections)) {
    const ps = file<Param[]>(c, "params");
    checkParams(`connection ${id}`, ps);
    const scope: Scope = { where: `connection ${id}`, parameters: params(ps), connection: new Map(), webhook: undefined, temp: new Map() };
    checkCommunication(`connection ${id}`, scope, file(c, "communication"), "connection");
    connectionParams.set(id, params(ps));
  }
  const connectionOf = (where: string, c: Component) => {
    const params = c.connection ? connectionParams.get(c.connection) : undefined;
    if (!params) fail(where, `uses unknown connection ${c.connection}`);
    return params ?? new Map<string, Param>();
  };

  for (const [id, c] of Object.entries(rpcs)) {
    const where = `rpc ${id}`;
    const ps = file<Param[]>(c, "params");
    checkParams(where, ps);
    const scope: Scope = { where, parameters: params(ps), connection: connectionOf(where, c), webhook: undefined, temp: new Map() };
    const { output } = checkCommunication(where, scope, file(c, "communication"), "relative");
    if (!output?.properties?.label || !output.properties.value) fail(where, "must output { label, value } for each item");
  }

  const webhookOutputs = new Map<string, Schema | undefined>();
  for (const [id, c] of Object.entries(webhooks)) {
    const where = `webhook ${id}`;
    const ps = file<Param[]>(c, "params");
    checkParams(where, ps);
    const scope = (data: string[]): Scope => ({ where, parameters: params(ps), connection: connectionOf(where, c), webhook: new Set(["url", ...data]), temp: new Map() });
    const attached = checkCommunication(`${where} attach`, scope([]), file(c, "attach"), "relative");
    checkCommunication(`${where} detach`, scope(attached.data), file(c, "detach"), "relative");
    const incoming = file<{ output?: unknown }>(c, "communication");
    const payload = deliverySchema(doc);
    const s: Scope = { where, parameters: params(ps), connection: new Map(), webhook: undefined, temp: new Map() };
    checkRefs(`${where} communication`, s, { ...incoming, output: undefined }, { body: payload });
    webhookOutputs.set(id, incoming?.output === undefined ? payload : outputSchema(`${where} communication.output`, s, incoming.output, { body: payload }));
  }

  for (const [id, c] of Object.entries(components.module ?? {})) {
    const where = `module ${id}`;
    const staticParams = file<Param[]>(c, "staticParams") ?? [];
    const mappable = file<Param[]>(c, "mappableParams") ?? [];
    checkParams(where, [...staticParams, ...mappable]);
    const scope: Scope = { where, parameters: params([...staticParams, ...mappable]), connection: connectionOf(where, c), webhook: undefined, temp: new Map() };
    let output: Schema | undefined;
    if (c.moduleType === "instant_trigger") {
      if (!c.webhook || !webhooks[c.webhook]) fail(where, `instant trigger without a known webhook (${c.webhook})`);
      else output = webhookOutputs.get(c.webhook);
      if (mappable.length) fail(where, "an instant trigger has no mappable parameters");
    } else {
      output = checkCommunication(where, scope, file(c, "communication"), c.moduleType === "universal" ? "universal" : "relative").output;
    }
    checkInterface(where, file<Param[]>(c, "interface"), output, file(c, "samples"));
  }
  return problems;
}

/**
 * What a webhook delivery POSTs: from the document's `webhooks` when it describes one with a
 * run, else { event, delivery_id, webhook_id, run } with the run as GET /runs/{id} returns it.
 */
export function deliverySchema(doc: OpenApi): Schema {
  for (const item of Object.values(doc.webhooks ?? {})) {
    const op = item.post;
    const schema = op ? resolve(doc, requestSchema(op)) : undefined;
    if (schema?.properties?.run && schema.properties.event) return schema;
  }
  const run = successSchema(findOperation(doc, "/runs/{{id}}", "GET").op);
  return {
    type: "object",
    required: ["event", "delivery_id", "run"],
    properties: { event: { type: "string" }, delivery_id: { type: "string" }, webhook_id: { type: "string" }, run: run ?? ANY },
  };
}
