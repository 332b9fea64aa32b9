import { Ajv } from "ajv";
import type { ErrorObject, ValidateFunction } from "ajv";
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

// ajv-formats is CommonJS; its default export is the plugin itself at run time.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

export type PreparedSchema = { ok: true; schema: Record<string, unknown>; validate: ValidateFunction } | { ok: false; reason: string };

/** Compiles the task's JSON schema (an object, or the user's raw text). Draft 7, 2019-09 and 2020-12. */
export function prepareJsonSchema(raw: unknown): PreparedSchema {
  let schema: unknown = raw;
  if (typeof raw === "string") {
    try {
      schema = JSON.parse(raw);
    } catch (error) {
      return { ok: false, reason: `The task's JSON schema is not valid JSON (${(error as Error).message}).` };
    }
  }
  if (schema === undefined || schema === null) schema = {};
  if (typeof schema !== "object" || Array.isArray(schema)) {
    return { ok: false, reason: "The task's JSON schema must be a JSON object." };
  }
  try {
    const validate = compile(schema as Record<string, unknown>);
    return { ok: true, schema: schema as Record<string, unknown>, validate };
  } catch (error) {
    return { ok: false, reason: `The task's JSON schema is invalid: ${(error as Error).message}.` };
  }
}

function compile(schema: Record<string, unknown>): ValidateFunction {
  const draft = typeof schema.$schema === "string" ? schema.$schema : "";
  const options = { allErrors: true, strict: false, validateFormats: true } as const;
  const ajv = draft.includes("2020-12") ? new Ajv2020(options) : draft.includes("2019-09") ? new Ajv2019(options) : new Ajv(options);
  addFormats(ajv as Ajv);
  // Draft 4 and other unknown meta-schemas: validate with the default draft instead of failing.
  const usable = draft && !/draft-0[67]|2019-09|2020-12/.test(draft) ? { ...schema, $schema: undefined } : schema;
  return ajv.compile(usable);
}

function describeError(e: ErrorObject): string {
  const where = e.instancePath || "(root)";
  const extra =
    e.keyword === "additionalProperties"
      ? ` (${String((e.params as { additionalProperty?: string }).additionalProperty)})`
      : e.keyword === "enum"
        ? ` (${JSON.stringify((e.params as { allowedValues?: unknown }).allowedValues)})`
        : "";
  return `${where} ${e.message ?? "is invalid"}${extra}`;
}

export type JsonCheck = { ok: true; value: unknown } | { ok: false; errors: string };

/** Validates done's data. A JSON string is parsed first (models sometimes send data as text). */
export function checkJsonAnswer(validate: ValidateFunction, data: unknown): JsonCheck {
  if (data === undefined) return { ok: false, errors: "data is missing: put the JSON answer in done.data" };
  let value: unknown = data;
  if (typeof data === "string") {
    try {
      const parsed: unknown = JSON.parse(data);
      if (!validate(data) || typeof parsed === "object") value = parsed;
    } catch {
      // a plain string: validate it as it is
    }
  }
  if (validate(value)) return { ok: true, value };
  const errors = (validate.errors ?? []).slice(0, 10).map(describeError).join("; ");
  return { ok: false, errors: errors || "does not match the schema" };
}
