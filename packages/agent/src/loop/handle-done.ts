import type { ValidateFunction } from "ajv";
import { problemsForModel, problemsForPeople } from "./answer-problems.ts";
import { checkJsonAnswer } from "./json-result.ts";

export type DoneOutcome =
  | { kind: "finish"; status: "success" | "failed"; result: string | null; reason: string | null; summary: string }
  /**
   * Sent back to the model (`message`, in the protocol's words); the run goes on. `error` says
   * what was wrong for people (the step's error). A schema error counts against maxSchemaRetries
   * and `failure` is the run's reason when the attempts run out.
   */
  | { kind: "retry"; message: string; error: string; failure?: (attempts: number) => string };

export interface DoneContext {
  responseFormat: "text" | "json";
  validate?: ValidateFunction;
  /** done's data back in the task schema's shape (see buildTools). */
  restoreData?: (value: unknown) => unknown;
}

function asRecord(input: unknown): Record<string, unknown> {
  return input && typeof input === "object" && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
}

/** JSON given in text instead of data: taken only when it is an object or a list that fits. */
function jsonFromText(text: string, ctx: DoneContext): unknown {
  if (!ctx.validate || !/^[[{]/.test(text)) return undefined;
  try {
    const check = checkJsonAnswer(ctx.validate, JSON.parse(text) as unknown, ctx.restoreData);
    return check.ok ? check.value : undefined;
  } catch {
    return undefined;
  }
}

/** Judges a done call: the final answer, or what is wrong with it. */
export function handleDone(input: unknown, ctx: DoneContext): DoneOutcome {
  const args = asRecord(input);
  const text = typeof args.text === "string" ? args.text.trim() : "";
  if (typeof args.success !== "boolean") {
    return { kind: "retry", message: "done needs success: true or false.", error: "The agent did not say whether the task succeeded." };
  }
  if (!args.success) {
    const why = text || "no reason given";
    return { kind: "finish", status: "failed", result: null, reason: `The agent could not complete the task: ${why}`, summary: why };
  }
  if (ctx.responseFormat === "text") {
    if (!text)
      return {
        kind: "retry",
        message: "done has no answer: put the complete answer in text.",
        error: "The agent finished without giving its answer.",
      };
    return { kind: "finish", status: "success", result: text, reason: null, summary: text };
  }
  if (!ctx.validate) {
    const error = "There was no JSON schema to check the answer against.";
    return { kind: "retry", message: "No JSON schema to check against.", error, failure: () => error };
  }
  const data = args.data ?? undefined;
  const value = data === undefined ? jsonFromText(text, ctx) : undefined;
  if (data === undefined && value === undefined) {
    return {
      kind: "retry",
      message:
        "The answer is missing: with success=true, put the complete answer in data, as JSON matching its schema (not in text). Call done again.",
      error: "The agent finished without giving its answer as JSON.",
      failure: (attempts) => `The agent did not give its answer as JSON (${attempts} attempts).`,
    };
  }
  const check = value !== undefined ? ({ ok: true, value } as const) : checkJsonAnswer(ctx.validate, data, ctx.restoreData);
  if (!check.ok) {
    const problems = problemsForPeople(check.problems);
    return {
      kind: "retry",
      message: `The answer does not fit the JSON schema:\n${problemsForModel(check.problems)}\nCall done again with success=true and the complete corrected answer in data (all of it, not only the fixed parts).`,
      error: `The agent's answer did not fit the JSON schema: ${problems}.`,
      failure: (attempts) => `The agent's answer did not fit the JSON schema after ${attempts} attempts: ${problems}.`,
    };
  }
  const json = JSON.stringify(check.value);
  return { kind: "finish", status: "success", result: json, reason: null, summary: json };
}
