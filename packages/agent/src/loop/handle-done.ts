import type { ValidateFunction } from "ajv";
import { checkJsonAnswer } from "./json-result.ts";

export type DoneOutcome =
  | { kind: "finish"; status: "success" | "failed"; result: string | null; reason: string | null; summary: string }
  /** Sent back to the model; the run goes on. `schemaError` counts against maxSchemaRetries. */
  | { kind: "retry"; message: string; schemaError: boolean };

export interface DoneContext {
  responseFormat: "text" | "json";
  validate?: ValidateFunction;
}

function asRecord(input: unknown): Record<string, unknown> {
  return input && typeof input === "object" && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
}

/** Judges a done call: the final answer, or what is wrong with it. */
export function handleDone(input: unknown, ctx: DoneContext): DoneOutcome {
  const args = asRecord(input);
  const text = typeof args.text === "string" ? args.text.trim() : "";
  if (typeof args.success !== "boolean") {
    return { kind: "retry", message: "done needs success: true or false.", schemaError: false };
  }
  if (!args.success) {
    const why = text || "no reason given";
    return { kind: "finish", status: "failed", result: null, reason: `The agent could not complete the task: ${why}`, summary: why };
  }
  if (ctx.responseFormat === "text") {
    if (!text) return { kind: "retry", message: "done has no answer: put the complete answer in text.", schemaError: false };
    return { kind: "finish", status: "success", result: text, reason: null, summary: text };
  }
  if (!ctx.validate) return { kind: "retry", message: "No JSON schema to check against.", schemaError: true };
  const check = checkJsonAnswer(ctx.validate, args.data);
  if (!check.ok) {
    return {
      kind: "retry",
      message: `The data does not match the JSON schema: ${check.errors}. Call done again with corrected data.`,
      schemaError: true,
    };
  }
  const json = JSON.stringify(check.value);
  return { kind: "finish", status: "success", result: json, reason: null, summary: json };
}
