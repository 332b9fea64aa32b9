import type { Run } from "@errand/contract";
import { ErrandResultError } from "./errors.ts";
import type { FinishedRun, SchemaLike } from "./types.ts";

/**
 * The ended run with its result as data: parsed JSON for json runs (checked by `schema` when
 * given), the result text for text runs, null when the run did not succeed.
 */
export function withResultData<T>(run: Run, schema?: SchemaLike<T>): FinishedRun<T> {
  if (run.status !== "success") return { ...run, status: run.status as "failed" | "error" | "cancelled", data: null };
  if (run.response_format !== "json") return { ...run, status: "success", data: run.result as T };
  let parsed: unknown;
  try {
    parsed = run.result === null ? null : JSON.parse(run.result);
  } catch {
    throw new ErrandResultError("The run succeeded but its result is not valid JSON", run);
  }
  if (!schema) return { ...run, status: "success", data: parsed as T };
  const checked = schema.safeParse(parsed);
  if (!checked.success) throw new ErrandResultError("The run succeeded but its result does not match the schema", run, checked.error);
  return { ...run, status: "success", data: checked.data };
}

/** The JSON schema sent with a run: the caller's json_schema, else the schema's own toJSONSchema(). */
export function jsonSchemaFor(schema: SchemaLike<unknown> | undefined, given: unknown): unknown {
  if (given !== undefined && given !== null && given !== "") return given;
  if (!schema) return given;
  if (typeof schema.toJSONSchema !== "function") {
    throw new TypeError("This schema has no toJSONSchema(): pass json_schema with it (the JSON schema the agent's answer must follow)");
  }
  return schema.toJSONSchema();
}
