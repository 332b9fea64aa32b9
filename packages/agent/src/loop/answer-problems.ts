import type { ErrorObject } from "ajv";

/**
 * What is wrong with a JSON answer, from Ajv's errors (compiled with `verbose`), in words: once
 * for the model, where the answer sits in done's `data`, and once for people, who never see the
 * protocol. Each problem says what the schema wants and what the answer had.
 */
export interface AnswerProblem {
  /** Where, from the answer's root: property names and list indexes. */
  path: (string | number)[];
  /** What is wrong there: "must be a number, but it is the text "$49.00"". */
  text: string;
}

const TYPE_WORDS: Record<string, string> = {
  string: "text",
  number: "a number",
  integer: "a whole number",
  boolean: "true or false",
  object: "an object",
  array: "a list",
  null: "null",
};

function typeWords(type: unknown): string {
  const types = Array.isArray(type) ? type : String(type).split(",");
  return types.map((t) => TYPE_WORDS[String(t)] ?? String(t)).join(" or ");
}

function clip(text: string, max = 60): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function describeValue(value: unknown): string {
  if (value === undefined) return "missing";
  if (value === null) return "null";
  if (typeof value === "string") return `the text ${JSON.stringify(clip(value))}`;
  if (typeof value === "number") return `the number ${value}`;
  if (typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return `a list of ${value.length} item${value.length === 1 ? "" : "s"}`;
  return "an object";
}

function formatWords(format: string): string {
  switch (format) {
    case "uri":
    case "url":
    case "iri":
      return 'a full URL such as "https://example.com/page"';
    case "date":
      return 'a date written as YYYY-MM-DD, such as "2026-01-31"';
    case "date-time":
      return 'a date and time such as "2026-01-31T14:30:00Z"';
    case "time":
      return 'a time such as "14:30:00Z"';
    case "email":
      return "an e-mail address";
    default:
      return `in the format "${format}"`;
  }
}

function allowedList(values: unknown[]): string {
  const shown = values.slice(0, 12).map((v) => JSON.stringify(v));
  return values.length > 12 ? `${shown.join(", ")}, …` : shown.join(", ");
}

function describe(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  const is = `, but it is ${describeValue(e.data)}`;
  const count = Array.isArray(e.data) ? e.data.length : typeof e.data === "string" ? e.data.length : undefined;
  switch (e.keyword) {
    case "type":
      return `must be ${typeWords(p.type)}${is}`;
    case "additionalProperties": {
      const properties = (e.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties;
      const allowed = properties ? Object.keys(properties) : [];
      return `has the field "${String(p.additionalProperty)}", which the schema does not allow${allowed.length ? ` (allowed: ${allowed.join(", ")})` : ""}`;
    }
    case "enum":
      return `must be one of ${allowedList((p.allowedValues as unknown[]) ?? [])}${is}`;
    case "const":
      return `must be exactly ${JSON.stringify(p.allowedValue)}${is}`;
    case "pattern":
      return `must match the pattern ${String(p.pattern)}${is}`;
    case "format":
      return `must be ${formatWords(String(p.format))}${is}`;
    case "minItems":
    case "maxItems":
      return `must have ${e.keyword === "minItems" ? "at least" : "at most"} ${String(p.limit)} item${p.limit === 1 ? "" : "s"}, but it has ${String(count)}`;
    case "minLength":
    case "maxLength":
      return `must be ${e.keyword === "minLength" ? "at least" : "at most"} ${String(p.limit)} characters long, but it has ${String(count)}`;
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum": {
      const words = { minimum: "at least", maximum: "at most", exclusiveMinimum: "more than", exclusiveMaximum: "less than" }[e.keyword];
      return `must be ${words} ${String(p.limit)}${is}`;
    }
    case "multipleOf":
      return `must be a multiple of ${String(p.multipleOf)}${is}`;
    case "minProperties":
    case "maxProperties":
      return `must have ${e.keyword === "minProperties" ? "at least" : "at most"} ${String(p.limit)} fields`;
    case "uniqueItems":
      return `must not repeat items (items ${Number(p.j) + 1} and ${Number(p.i) + 1} are the same)`;
    case "anyOf":
    case "oneOf":
      return `does not match any of the forms the schema allows${is}`;
    default:
      return e.message ?? "is not valid";
  }
}

function pathOf(instancePath: string): (string | number)[] {
  if (!instancePath) return [];
  return instancePath
    .slice(1)
    .split("/")
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * The problems of a failed validation; the branches of a failed anyOf/oneOf are left to it, and
 * the missing fields of one object are named together.
 */
export function answerProblems(errors: ErrorObject[]): AnswerProblem[] {
  const unions = errors.filter((e) => e.keyword === "anyOf" || e.keyword === "oneOf").map((e) => `${e.schemaPath}/`);
  const problems: AnswerProblem[] = [];
  const missing = new Map<string, string[]>();
  for (const e of errors) {
    if (unions.some((prefix) => e.schemaPath.startsWith(prefix))) continue;
    if (e.keyword !== "required") {
      problems.push({ path: pathOf(e.instancePath), text: describe(e) });
      continue;
    }
    const name = `"${String((e.params as { missingProperty?: unknown }).missingProperty)}"`;
    const names = missing.get(e.instancePath);
    if (names) names.push(name);
    else {
      const list = [name];
      missing.set(e.instancePath, list);
      // Filled in once every missing field of this object is known.
      problems.push({
        path: pathOf(e.instancePath),
        get text() {
          const shown = list.length === 1 ? list[0] : `${list.slice(0, -1).join(", ")} and ${list.at(-1)}`;
          return `is missing the required field${list.length === 1 ? "" : "s"} ${shown}`;
        },
      });
    }
  }
  return problems.map((p) => ({ path: p.path, text: p.text }));
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** "data.customers[0].revenue": where the value sits in done's arguments. */
function modelPath(path: (string | number)[]): string {
  return path.reduce<string>(
    (acc, part) =>
      typeof part === "number" ? `${acc}[${part}]` : IDENTIFIER.test(part) ? `${acc}.${part}` : `${acc}[${JSON.stringify(part)}]`,
    "data",
  );
}

/** "revenue in item 1 of customers"; the root is "the answer". */
function peoplePath(path: (string | number)[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out = `item ${part + 1} of ${out || "the answer"}`;
    else {
      const name = /^[\w-]+$/.test(part) ? part : JSON.stringify(part);
      out = out ? `${name} in ${out}` : name;
    }
  }
  return out || "the answer";
}

/** One line per problem, for the model: "- data.price must be a number, but it is …". */
export function problemsForModel(problems: AnswerProblem[], max = 10): string {
  const lines = problems.slice(0, max).map((p) => `- ${modelPath(p.path)} ${p.text}`);
  if (problems.length > max) lines.push(`- and ${problems.length - max} more like these`);
  return lines.join("\n");
}

/** The problems in one clause, for people: "price must be a number, but it is …; …". */
export function problemsForPeople(problems: AnswerProblem[], max = 3): string {
  const parts = problems.slice(0, max).map((p) => `${peoplePath(p.path)} ${p.text}`);
  if (problems.length > max) parts.push(`and ${problems.length - max} more problem${problems.length - max === 1 ? "" : "s"}`);
  return parts.join("; ");
}
