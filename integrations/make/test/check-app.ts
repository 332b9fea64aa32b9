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
  const check = new MakeAppCheck(app, doc);
  check.checkBase();
  const connections = check.checkConnections();
  check.checkRpcs(connections);
  const webhookOutputs = check.checkWebhooks(connections);
  check.checkModules(connections, webhookOutputs);
  return check.problems;
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
  response?: {
    output?: unknown;
    iterate?: unknown;
    temp?: Record<string, unknown>;
    data?: Record<string, unknown>;
    metadata?: unknown;
    error?: unknown;
  };
}

/** JSON types a Make parameter type produces; undefined for any. */
function paramTypes(p: Param): Set<string> | undefined {
  switch (p.type) {
    case "text":
    case "url":
    case "email":
    case "password":
    case "date":
    case "uuid":
    case "color":
    case "timezone":
    case "path":
    case "time":
    case "hidden":
      return new Set(["string"]);
    case "integer":
    case "uinteger":
      return new Set(["integer"]);
    case "number":
      return new Set(["number"]);
    case "boolean":
      return new Set(["boolean"]);
    case "array":
      return new Set(["array"]);
    case "collection":
      return new Set(["object"]);
    case "select":
      return Array.isArray(p.options)
        ? new Set((p.options as Array<{ value: unknown }>).map((o) => jsonType(o.value)))
        : new Set(["string"]);
    default:
      return undefined;
  }
}

const paramMap = (list: Param[] | undefined) => new Map((list ?? []).map((p) => [p.name, p]));

/** The checks of one app against one document; each adds what it finds to `problems`. */
class MakeAppCheck {
  readonly problems: string[] = [];
  private readonly server: string;
  private readonly securityHeaders: string[];
  private readonly rpcs: NonNullable<MakeApp["manifest"]["components"]["rpc"]>;
  private readonly webhooks: NonNullable<MakeApp["manifest"]["components"]["webhook"]>;

  private readonly app: MakeApp;
  private readonly doc: OpenApi;

  constructor(app: MakeApp, doc: OpenApi) {
    this.app = app;
    this.doc = doc;
    this.rpcs = app.manifest.components.rpc ?? {};
    this.webhooks = app.manifest.components.webhook ?? {};
    this.server = doc.servers?.[0]?.url ?? "";
    this.securityHeaders = Object.values(doc.components?.securitySchemes ?? {})
      .filter((s) => s.type === "apiKey" && s.in === "header")
      .map((s) => s.name!.toLowerCase());
  }

  private fail(where: string, message: string) {
    this.problems.push(`${where}: ${message}`);
  }

  private file<T>(component: Component, code: string): T | undefined {
    const path = component.codeFiles[code];
    return path ? (this.app.files[path] as T | undefined) : undefined;
  }

  /** Base: relative URLs go to {{connection.baseUrl}} + the API's server path; the key goes in the API's header. */
  checkBase() {
    const base = this.app.files[this.app.manifest.generalCodeFiles.base ?? ""] as
      | { baseUrl?: string; headers?: Record<string, string> }
      | undefined;
    if (!base) return this.fail("base", "missing");
    if (base.baseUrl !== `{{connection.baseUrl}}${this.server}`)
      this.fail("base", `baseUrl must be {{connection.baseUrl}}${this.server}, not ${base.baseUrl}`);
    this.checkHeaders("base", base.headers);
  }

  private checkHeaders(where: string, headers: unknown) {
    if (!headers || typeof headers !== "object") return;
    for (const name of Object.keys(headers)) {
      if (!this.securityHeaders.includes(name.toLowerCase()))
        this.fail(where, `header ${name} is not the API's key header (${this.securityHeaders.join(", ")})`);
    }
  }

  /** Select options that come from an RPC must name one of the app's RPCs. */
  private checkParams(where: string, list: Param[] | undefined) {
    const walk = (ps: Param[]) => {
      for (const p of ps) {
        if (typeof p.options === "string") {
          const rpc = /^rpc:\/\/(\w+)$/.exec(p.options)?.[1];
          if (!rpc || !this.rpcs[rpc]) this.fail(where, `parameter ${p.name} uses unknown RPC ${p.options}`);
        }
        if (p.spec) walk(Array.isArray(p.spec) ? p.spec : [p.spec]);
      }
    };
    walk(list ?? []);
  }

  // --- IML typing -------------------------------------------------------------------------
  /** Follows a field path through a schema; reports a field the API does not have. */
  private walkPath(where: string, schema: Schema | undefined, root: string, path: string[]): Schema | undefined {
    let current = schema;
    const seen = [root];
    for (const field of path) {
      if (isOpen(this.doc, current)) return ANY;
      const next = propertyOf(this.doc, current, field);
      if (!next) {
        this.fail(where, `${[...seen, field].join(".")} is not a field of the API's answer`);
        return undefined;
      }
      seen.push(field);
      current = next;
    }
    return current;
  }

  /** The sources one IML reference stands for, checking that what it names exists. */
  private refSource(
    where: string,
    scope: Scope,
    root: string,
    path: string[],
    context: { body?: Schema; item?: Schema },
  ): Source | undefined {
    switch (root) {
      case "parameters":
      case "connection": {
        const table = root === "parameters" ? scope.parameters : scope.connection;
        const param = table.get(path[0] ?? "");
        if (!param) {
          this.fail(where, `${root}.${path[0] ?? ""} is not a parameter of ${root === "parameters" ? scope.where : "the connection"}`);
          return undefined;
        }
        return { param };
      }
      case "webhook":
        if (!scope.webhook?.has(path[0] ?? "")) {
          this.fail(where, `webhook.${path[0] ?? ""} is not set (webhook.url, or a field the attach saves in response.data)`);
          return undefined;
        }
        return { schema: { type: "string" } };
      case "temp": {
        const name = path[0] ?? "";
        if (!scope.temp.has(name)) {
          this.fail(where, `temp.${name} is not set by an earlier request`);
          return undefined;
        }
        return { schema: this.walkPath(where, scope.temp.get(name), `temp.${name}`, path.slice(1)) };
      }
      case "body":
      case "item": {
        const schema = context[root];
        if (!schema) {
          this.fail(where, `${root} is not available here`);
          return undefined;
        }
        return { schema: this.walkPath(where, schema, root, path) };
      }
    }
    return undefined;
  }

  /** Checks every reference in an IML string; returns the sources when the string is one value. */
  private imlSources(where: string, scope: Scope, text: string, context: { body?: Schema; item?: Schema }): Source[] | undefined {
    for (const expr of text.matchAll(/\{\{([^{}]*)\}\}/g)) {
      const code = expr[1]!.replace(/'[^']*'|"[^"]*"/g, "''");
      for (const ref of code.matchAll(IML_REF)) {
        const source = this.refSource(where, scope, ref[1]!, ref[2]!.split(".").filter(Boolean), context);
        // `x == 'literal'`: the literal must be one of the field's values.
        const compared = new RegExp(`${ref[1]}${ref[2]!.replace(/\./g, "\\.")}\\s*[!=]==?\\s*'([^']*)'`).exec(expr[1]!)?.[1];
        if (compared !== undefined && source && "schema" in source) {
          const e = resolve(this.doc, source.schema)?.enum;
          if (e && !e.includes(compared)) this.fail(where, `'${compared}' is never a value of ${ref[1]}${ref[2]} (${e.join(", ")})`);
        }
      }
    }
    const whole = ONLY_EXPR.exec(text)?.[1]?.trim();
    if (whole === undefined) return undefined;
    const args = /^ifempty\((.*)\)$/
      .exec(whole)?.[1]
      ?.split(",")
      .map((a) => a.trim()) ?? [whole];
    const sources: Source[] = [];
    for (const arg of args) {
      const m = /^(parameters|connection|webhook|temp|body|item)((?:\.[A-Za-z_$][\w$]*)*)$/.exec(arg);
      if (!m) return undefined;
      const source = this.refSource(where, scope, m[1]!, m[2]!.split(".").filter(Boolean), context);
      if (source) sources.push(source);
    }
    return sources;
  }

  /** Whether a source fits a field of the API's request. */
  private checkSourceFits(where: string, source: Source, target: Schema | undefined) {
    const t = resolve(this.doc, target);
    const allowed = typesOf(this.doc, t);
    if ("param" in source) {
      const p = source.param;
      const types = paramTypes(p);
      if (!typesFit(types, allowed))
        this.fail(where, `parameter ${p.name} (${p.type}) gives ${[...types!].join("|")}, the API wants ${[...allowed!].join("|")}`);
      if (t?.enum && Array.isArray(p.options)) {
        for (const o of p.options as Array<{ value: unknown }>)
          if (!t.enum.includes(o.value))
            this.fail(where, `option ${JSON.stringify(o.value)} of ${p.name} is not one of ${JSON.stringify(t.enum)}`);
      }
      if (t?.minimum !== undefined && (p.validate?.min === undefined || p.validate.min < t.minimum))
        this.fail(where, `${p.name} must not go below the API's minimum ${t.minimum}`);
      if (t?.maximum !== undefined && (p.validate?.max === undefined || p.validate.max > t.maximum))
        this.fail(where, `${p.name} must not go above the API's maximum ${t.maximum}`);
    } else {
      const types = typesOf(this.doc, source.schema);
      if (!typesFit(types, allowed))
        this.fail(where, `gives ${[...(types ?? [])].join("|")}, the API wants ${[...(allowed ?? [])].join("|")}`);
      const from = resolve(this.doc, source.schema)?.enum;
      if (t?.enum && from)
        for (const v of from)
          if (!t.enum.includes(v)) this.fail(where, `may give ${JSON.stringify(v)}, not one of ${JSON.stringify(t.enum)}`);
    }
  }

  /** A body (or part of one) against the API's request schema. */
  private checkBody(where: string, scope: Scope, value: unknown, schema: Schema | undefined) {
    if (typeof value === "string" && value.includes("{{")) {
      const sources = this.imlSources(where, scope, value, {});
      if (!sources) {
        if (!isOpen(this.doc, schema)) this.fail(where, `cannot tell the type of ${value}: use {{x}} or {{ifempty(x, y)}}`);
        return;
      }
      for (const s of sources) this.checkSourceFits(where, s, schema);
      return;
    }
    const s = resolve(this.doc, schema);
    if (value && typeof value === "object" && !Array.isArray(value)) {
      if (isOpen(this.doc, s)) return;
      if (!typesFit(new Set(["object"]), typesOf(this.doc, s)))
        return void this.fail(where, `an object where the API wants ${[...typesOf(this.doc, s)!].join("|")}`);
      const record = value as Record<string, unknown>;
      for (const name of s?.required ?? []) if (!(name in record)) this.fail(where, `sends no ${name}, which the API requires`);
      for (const [name, v] of Object.entries(record)) {
        const prop = propertyOf(this.doc, s, name);
        if (!prop) this.fail(`${where}.${name}`, `no such field in the API's request`);
        else this.checkBody(`${where}.${name}`, scope, v, prop);
      }
      return;
    }
    if (Array.isArray(value)) {
      if (!typesFit(new Set(["array"]), typesOf(this.doc, s)))
        return void this.fail(where, `an array where the API wants ${[...typesOf(this.doc, s)!].join("|")}`);
      value.forEach((item, i) => this.checkBody(`${where}[${i}]`, scope, item, s?.items));
      return;
    }
    const bad = validateValue(this.doc, s, value, "value");
    if (bad.length) this.fail(where, bad.join("; "));
  }

  /** Every IML reference anywhere in a JSON value (response directives, conditions). */
  private checkRefs(where: string, scope: Scope, value: unknown, context: { body?: Schema; item?: Schema }) {
    if (typeof value === "string") this.imlSources(where, scope, value, context);
    else if (Array.isArray(value)) value.forEach((v, i) => this.checkRefs(`${where}[${i}]`, scope, v, context));
    else if (value && typeof value === "object")
      for (const [k, v] of Object.entries(value)) this.checkRefs(`${where}.${k}`, scope, v, context);
  }

  /** The schema an output directive produces. */
  private outputSchema(
    where: string,
    scope: Scope,
    output: unknown,
    context: { body?: Schema; item?: Schema; extra?: Record<string, Schema> },
  ): Schema | undefined {
    if (typeof output === "string") {
      const whole = ONLY_EXPR.exec(output)?.[1]?.trim();
      if (whole && context.extra?.[whole]) return context.extra[whole];
      const sources = this.imlSources(where, scope, output, context);
      const first = sources?.[0];
      return first && "schema" in first ? first.schema : ANY;
    }
    if (output && typeof output === "object" && !Array.isArray(output)) {
      const properties: Record<string, Schema> = {};
      for (const [k, v] of Object.entries(output)) properties[k] = this.outputSchema(`${where}.${k}`, scope, v, context) ?? ANY;
      return { type: "object", properties, required: Object.keys(properties) };
    }
    return ANY;
  }

  /** One request: the operation it reaches, what it sends, what it reads. Returns its output schema. */
  private checkRequest(
    where: string,
    scope: Scope,
    req: Request,
    kind: "connection" | "relative" | "universal",
  ): { output?: Schema; data?: string[] } {
    this.checkRefs(`${where}.condition`, scope, req.condition, {});
    let op: Operation | undefined;
    let path: string | undefined;
    const method = req.method ?? "GET";
    const url = req.url ?? "";
    if (kind === "universal") {
      if (!/^\{\{connection\.baseUrl\}\}\/api\{\{parameters\.\w+\}\}$/.test(url))
        this.fail(where, `the universal module's URL must be {{connection.baseUrl}}/api{{parameters.<path>}}, not ${url}`);
    } else if (kind === "connection") {
      const prefix = `{{parameters.baseUrl}}${this.server}`;
      if (!url.startsWith(prefix + "/")) this.fail(where, `the connection's URL must start with ${prefix}/, not ${url}`);
      else path = url.slice(prefix.length);
    } else if (!url.startsWith("/")) this.fail(where, `URL ${url} must be relative to the base URL (start with /)`);
    else path = url;
    if (path !== undefined) {
      try {
        op = findOperation(this.doc, path, method).op;
      } catch (error) {
        this.fail(where, (error as Error).message);
      }
    }
    if (kind !== "universal") this.checkHeaders(where, req.headers);
    this.checkRefs(`${where}.url`, scope, url, {});
    if (op) {
      const queryNames = (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
      for (const [name, v] of Object.entries((req.qs as Record<string, unknown>) ?? {})) {
        if (!queryNames.includes(name))
          this.fail(where, `query parameter ${name} is not one of the operation's (${queryNames.join(", ") || "none"})`);
        this.checkRefs(`${where}.qs.${name}`, scope, v, {});
      }
      const accepts = requestSchema(op);
      if (req.body !== undefined && !accepts) this.fail(where, `${method} ${path} takes no body`);
      else if (accepts) {
        if (req.body === undefined) this.fail(where, `${method} ${path} needs a body`);
        else this.checkBody(`${where}.body`, scope, req.body, accepts);
      }
    } else {
      this.checkRefs(`${where}.body`, scope, req.body, {});
    }
    for (const [name, v] of Object.entries(req.temp ?? {})) scope.temp.set(name, this.outputSchema(`${where}.temp.${name}`, scope, v, {}));

    const body = op ? (successSchema(op) ?? (kind === "universal" ? ANY : undefined)) : ANY;
    const extra = kind === "universal" ? { body: ANY, headers: { type: "object" }, statusCode: { type: "integer" } } : undefined;
    const context = { body: body ?? { type: "null" } };
    if (req.repeat) this.checkRefs(`${where}.repeat`, scope, req.repeat, context);
    const response = req.response ?? {};
    this.checkRefs(`${where}.response.error`, scope, response.error, { body: ANY });
    this.checkRefs(`${where}.response.metadata`, scope, response.metadata, context);
    let itemContext: { body?: Schema; item?: Schema } = context;
    if (response.iterate !== undefined) {
      const container = typeof response.iterate === "string" ? response.iterate : (response.iterate as { container: string }).container;
      const sources = this.imlSources(`${where}.response.iterate`, scope, container, context);
      const list = sources?.[0] && "schema" in sources[0] ? resolve(this.doc, sources[0].schema) : undefined;
      if (!list || !typesOf(this.doc, list)?.has("array"))
        this.fail(`${where}.response.iterate`, `${container} is not a list in the API's answer`);
      itemContext = { ...context, item: list?.items ?? ANY };
    }
    for (const [name, v] of Object.entries(response.temp ?? {}))
      scope.temp.set(name, this.outputSchema(`${where}.response.temp.${name}`, scope, v, context));
    const data = Object.keys(response.data ?? {});
    this.checkRefs(`${where}.response.data`, scope, response.data, context);
    const output =
      response.output !== undefined
        ? this.outputSchema(`${where}.response.output`, scope, response.output, { ...itemContext, extra })
        : undefined;
    return { output, data };
  }

  private checkCommunication(where: string, scope: Scope, comm: unknown, kind: "connection" | "relative" | "universal") {
    const requests = (Array.isArray(comm) ? comm : comm ? [comm] : []) as Request[];
    let output: Schema | undefined;
    let data: string[] = [];
    requests.forEach((req, i) => {
      const result = this.checkRequest(requests.length > 1 ? `${where}[${i}]` : where, scope, req, kind);
      if (result.output) output = result.output;
      data = [...data, ...(result.data ?? [])];
    });
    return { output, data };
  }

  /** Interface fields must be fields of the output, with fitting types; samples must fit both. */
  private checkInterface(where: string, iface: Param[] | undefined, output: Schema | undefined, samples: unknown) {
    if (!iface) return this.fail(where, "has no interface");
    if (!output) return this.fail(where, "outputs nothing, yet has an interface");
    const walk = (at: string, ps: Param[], schema: Schema | undefined) => {
      if (isOpen(this.doc, schema)) return;
      for (const p of ps) {
        const prop = propertyOf(this.doc, schema, p.name);
        if (!prop) {
          this.fail(where, `interface field ${at}${p.name} is not in the API's answer`);
          continue;
        }
        const types = paramTypes(p);
        const allowed = typesOf(this.doc, prop);
        // The API's field may be null; the interface names the type of its value.
        if (
          allowed &&
          types &&
          ![...types].some(
            (t) => allowed.has(t) || (t === "integer" && allowed.has("number")) || (t === "number" && allowed.has("integer")),
          )
        ) {
          this.fail(where, `interface field ${at}${p.name} is ${p.type}, the API's is ${[...allowed].join("|")}`);
        }
        const spec = p.spec ? (Array.isArray(p.spec) ? p.spec : [p.spec]) : undefined;
        if (spec && p.type === "collection") walk(`${at}${p.name}.`, spec, prop);
        if (spec && p.type === "array") walk(`${at}${p.name}[].`, spec, resolve(this.doc, prop)?.items);
      }
    };
    walk("", iface, output);
    if (samples !== undefined) {
      for (const bad of validateValue(this.doc, output, samples, "samples")) this.fail(where, bad);
      const names = new Set(iface.map((p) => p.name));
      for (const key of Object.keys(samples as object)) if (!names.has(key)) this.fail(where, `samples.${key} is not in the interface`);
    }
  }

  // --- components ---------------------------------------------------------------------------

  /** Each connection's requests; returns the parameters of each, by connection id. */
  checkConnections(): Map<string, Map<string, Param>> {
    const connectionParams = new Map<string, Map<string, Param>>();
    for (const [id, c] of Object.entries(this.app.manifest.components.connection ?? {})) {
      const ps = this.file<Param[]>(c, "params");
      this.checkParams(`connection ${id}`, ps);
      const scope: Scope = {
        where: `connection ${id}`,
        parameters: paramMap(ps),
        connection: new Map(),
        webhook: undefined,
        temp: new Map(),
      };
      this.checkCommunication(`connection ${id}`, scope, this.file(c, "communication"), "connection");
      connectionParams.set(id, paramMap(ps));
    }
    return connectionParams;
  }

  private connectionOf(connections: Map<string, Map<string, Param>>, where: string, c: Component) {
    const params = c.connection ? connections.get(c.connection) : undefined;
    if (!params) this.fail(where, `uses unknown connection ${c.connection}`);
    return params ?? new Map<string, Param>();
  }

  checkRpcs(connections: Map<string, Map<string, Param>>) {
    for (const [id, c] of Object.entries(this.rpcs)) {
      const where = `rpc ${id}`;
      const ps = this.file<Param[]>(c, "params");
      this.checkParams(where, ps);
      const scope: Scope = {
        where,
        parameters: paramMap(ps),
        connection: this.connectionOf(connections, where, c),
        webhook: undefined,
        temp: new Map(),
      };
      const { output } = this.checkCommunication(where, scope, this.file(c, "communication"), "relative");
      if (!output?.properties?.label || !output.properties.value) this.fail(where, "must output { label, value } for each item");
    }
  }

  /** Each webhook's attach, detach and incoming payload; returns what each outputs, by webhook id. */
  checkWebhooks(connections: Map<string, Map<string, Param>>): Map<string, Schema | undefined> {
    const webhookOutputs = new Map<string, Schema | undefined>();
    for (const [id, c] of Object.entries(this.webhooks)) {
      const where = `webhook ${id}`;
      const ps = this.file<Param[]>(c, "params");
      this.checkParams(where, ps);
      const connection = this.connectionOf(connections, where, c);
      const scope = (data: string[]): Scope => ({
        where,
        parameters: paramMap(ps),
        connection,
        webhook: new Set(["url", ...data]),
        temp: new Map(),
      });
      const attached = this.checkCommunication(`${where} attach`, scope([]), this.file(c, "attach"), "relative");
      this.checkCommunication(`${where} detach`, scope(attached.data), this.file(c, "detach"), "relative");
      const incoming = this.file<{ output?: unknown }>(c, "communication");
      const events = (this.file<{ body?: { events?: unknown } }>(c, "attach")?.body?.events ?? []) as unknown[];
      const payload = events.includes("batch.finished") ? batchDeliverySchema(this.doc) : deliverySchema(this.doc);
      const s: Scope = { where, parameters: paramMap(ps), connection: new Map(), webhook: undefined, temp: new Map() };
      this.checkRefs(`${where} communication`, s, { ...incoming, output: undefined }, { body: payload });
      webhookOutputs.set(
        id,
        incoming?.output === undefined
          ? payload
          : this.outputSchema(`${where} communication.output`, s, incoming.output, { body: payload }),
      );
    }
    return webhookOutputs;
  }

  checkModules(connections: Map<string, Map<string, Param>>, webhookOutputs: Map<string, Schema | undefined>) {
    for (const [id, c] of Object.entries(this.app.manifest.components.module ?? {})) {
      const where = `module ${id}`;
      const staticParams = this.file<Param[]>(c, "staticParams") ?? [];
      const mappable = this.file<Param[]>(c, "mappableParams") ?? [];
      this.checkParams(where, [...staticParams, ...mappable]);
      const scope: Scope = {
        where,
        parameters: paramMap([...staticParams, ...mappable]),
        connection: this.connectionOf(connections, where, c),
        webhook: undefined,
        temp: new Map(),
      };
      let output: Schema | undefined;
      if (c.moduleType === "instant_trigger") {
        if (!c.webhook || !this.webhooks[c.webhook]) this.fail(where, `instant trigger without a known webhook (${c.webhook})`);
        else output = webhookOutputs.get(c.webhook);
        if (mappable.length) this.fail(where, "an instant trigger has no mappable parameters");
      } else {
        output = this.checkCommunication(
          where,
          scope,
          this.file(c, "communication"),
          c.moduleType === "universal" ? "universal" : "relative",
        ).output;
      }
      this.checkInterface(where, this.file<Param[]>(c, "interface"), output, this.file(c, "samples"));
    }
  }
}

/** What a batch.finished delivery POSTs: { event, delivery_id, webhook_id, batch } with the batch as GET /batches/{id} returns it. */
export function batchDeliverySchema(doc: OpenApi): Schema {
  const batch = successSchema(findOperation(doc, "/batches/{{id}}", "GET").op);
  return {
    type: "object",
    required: ["event", "delivery_id", "webhook_id", "batch"],
    properties: { event: { type: "string" }, delivery_id: { type: "string" }, webhook_id: { type: "string" }, batch: batch ?? ANY },
  };
}

/**
 * What a webhook delivery of a run POSTs: from the document's `webhooks` when it describes one with a
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
