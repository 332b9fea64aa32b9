import { Ajv } from "ajv";
import type { ValidateFunction } from "ajv";
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { answerProblems } from "./answer-problems.ts";
import type { AnswerProblem } from "./answer-problems.ts";

// ajv-formats is CommonJS; its default export is the plugin itself at run time.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

export type PreparedSchema =
  | { ok: true; schema: Record<string, unknown>; validate: ValidateFunction /** No schema given: any object or array. */; anyJson: boolean }
  | { ok: false; reason: string };

/** The answer of a JSON task without a schema: JSON, so an object or a list, not a bare value. */
export const ANY_JSON_ANSWER = { type: ["object", "array"] } as const;

/** Keys that say nothing about the answer: a schema of only these is no schema. */
const ANNOTATIONS = new Set(["$schema", "$id", "$comment", "title", "description"]);

/**
 * Compiles the task's JSON schema (an object, or the user's raw text). Draft 7, 2019-09 and
 * 2020-12. No schema (or an empty one) asks for any JSON object or array.
 */
export function prepareJsonSchema(raw: unknown): PreparedSchema {
  let schema: unknown = raw;
  if (typeof raw === "string" && raw.trim() === "") schema = undefined;
  else if (typeof raw === "string") {
    try {
      schema = JSON.parse(raw);
    } catch (error) {
      return { ok: false, reason: `The task's JSON schema is not valid JSON (${(error as Error).message}).` };
    }
  }
  if (schema === undefined || schema === null) schema = {};
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) {
    return { ok: false, reason: "The task's JSON schema must be a JSON object." };
  }
  const anyJson = Object.keys(schema).every((k) => ANNOTATIONS.has(k));
  if (anyJson) schema = { type: [...ANY_JSON_ANSWER.type] };
  try {
    const validate = compile(schema as Record<string, unknown>);
    return { ok: true, schema: schema as Record<string, unknown>, validate, anyJson };
  } catch (error) {
    return { ok: false, reason: `The task's JSON schema is invalid: ${(error as Error).message}.` };
  }
}

function compile(schema: Record<string, unknown>): ValidateFunction {
  const draft = typeof schema.$schema === "string" ? schema.$schema : "";
  // verbose: errors carry the value and its schema, to say what the answer had.
  const options = { allErrors: true, strict: false, validateFormats: true, verbose: true } as const;
  const ajv = draft.includes("2020-12") ? new Ajv2020(options) : draft.includes("2019-09") ? new Ajv2019(options) : new Ajv(options);
  addFormats(ajv as Ajv);
  // Draft 4 and other unknown meta-schemas: validate with the default draft instead of failing.
  const usable = draft && !/draft-0[67]|2019-09|2020-12/.test(draft) ? { ...schema, $schema: undefined } : schema;
  return ajv.compile(usable);
}

export type JsonCheck = { ok: true; value: unknown } | { ok: false; problems: AnswerProblem[] };

/**
 * Validates done's data. A JSON string is parsed first (models sometimes send data as text);
 * `restore` undoes the strict form's nulls before the task's own schema judges the answer.
 */
export function checkJsonAnswer(validate: ValidateFunction, data: unknown, restore: (value: unknown) => unknown = (v) => v): JsonCheck {
  let value: unknown = data;
  if (typeof data === "string") {
    try {
      const parsed: unknown = JSON.parse(data);
      if (!validate(data) || typeof parsed === "object") value = parsed;
    } catch {
      // a plain string: validate it as it is
    }
  }
  value = restore(value);
  if (validate(value)) return { ok: true, value };
  const problems = answerProblems(validate.errors ?? []);
  return { ok: false, problems: problems.length > 0 ? problems : [{ path: [], text: "does not match the schema" }] };
}

/**
 * A finished run's answer against its task's JSON schema, for its verification
 * (docs/adr/0043-verified-results.md): passed, or the first problems in a sentence.
 */
export function schemaCheck(rawSchema: unknown, result: string | null): { passed: boolean; message: string } {
  const prepared = prepareJsonSchema(rawSchema);
  if (!prepared.ok) return { passed: false, message: prepared.reason };
  if (result === null) return { passed: false, message: "there is no answer" };
  const checked = checkJsonAnswer(prepared.validate, result);
  if (checked.ok) return { passed: true, message: "the answer fits the JSON schema" };
  const problems = checked.problems.slice(0, 3).map((p) => `${p.path.length ? p.path.join(".") : "the answer"} ${p.text}`);
  return { passed: false, message: `the answer does not fit the JSON schema: ${problems.join("; ")}` };
}
