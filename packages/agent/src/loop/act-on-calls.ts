import { executeBatch } from "../act/execute-batch.ts";
import type { CallResult } from "../act/execute-batch.ts";
import { askPersonSchema } from "../act/tool-definitions.ts";
import { raceAbort } from "../lib/race-abort.ts";
import type { ToolCallRequest } from "../types/actions.ts";
import type { Finish } from "../types/result.ts";
import { handleDone } from "./handle-done.ts";
import type { RunContext } from "./run-context.ts";

/** What the step's calls came to: their results in the model's order, and how done ended the run. */
export interface StepActs {
  results: CallResult[];
  /** Set when done finished the run. */
  finish: Finish | null;
  /** What done said, for the step record. */
  doneSummary: string | null;
  /** Set when done's answer failed the JSON schema: the run's reason once the retries run out. */
  schemaFailure: ((attempts: number) => string) | null;
}

/**
 * Runs the model's calls: the actions as one batch, then ask_person (only offered when a person
 * can take over), then done, which counts only when it is the step's only call.
 */
export async function actOnCalls(ctx: RunContext, calls: ToolCallRequest[]): Promise<StepActs> {
  const doneCalls = calls.filter((c) => c.name === "done" && c.invalid === undefined);
  const personCalls = ctx.takeover ? calls.filter((c) => c.name === "ask_person" && c.invalid === undefined) : [];
  const others = calls.filter((c) => !doneCalls.includes(c) && !personCalls.includes(c));
  let results: CallResult[] = [];
  if (others.length > 0) results = await raceAbort(executeBatch(ctx.env, others, ctx.deps), ctx.control.signal);
  for (const call of personCalls) results.push(askPersonCall(ctx, call, doneCalls.length > 0));
  const done = judgeDoneCalls(ctx, doneCalls, calls.length === 1);
  results.push(...done.results);
  const ordered = calls.map((c) => results.find((r) => r.id === c.id)).filter((r): r is CallResult => r !== undefined);
  // A click no one approved in time ends the run (loop/approval-gate.ts).
  const unanswered = results.find((r) => r.finish)?.finish ?? null;
  return { results: ordered, finish: done.finish ?? unanswered, doneSummary: done.summary, schemaFailure: done.schemaFailure };
}

/** done's verdicts: the run's end, or what the model must fix (a schema failure counts against its retries). */
function judgeDoneCalls(ctx: RunContext, doneCalls: ToolCallRequest[], alone: boolean) {
  let finish: Finish | null = null;
  let summary: string | null = null;
  let schemaFailure: ((attempts: number) => string) | null = null;
  const results: CallResult[] = [];
  for (const call of doneCalls) {
    const outcome = alone ? handleDone(call.input, ctx.done) : null;
    if (outcome?.kind === "finish") {
      // A done that gives up is the agent's verdict; failure-cause.ts may know the cause better.
      finish = {
        status: outcome.status,
        result: outcome.result,
        reason: outcome.reason,
        failureKind: outcome.status === "success" ? null : "agent_gave_up",
      };
      summary = outcome.summary;
    }
    // The model reads the protocol's words; the step's error is for people.
    const text = !outcome
      ? "Not run: call done alone, after you have seen the results of your other actions."
      : outcome.kind === "retry"
        ? outcome.message
        : "Done.";
    const error = !outcome
      ? "Not run: the agent tried to finish together with other actions."
      : outcome.kind === "retry"
        ? outcome.error
        : undefined;
    if (outcome?.kind === "retry" && outcome.failure) schemaFailure = outcome.failure;
    const ok = outcome?.kind === "finish";
    results.push({
      id: call.id,
      name: call.name,
      text,
      ran: !!outcome,
      record: { name: "done", input: call.input, ok, ...(error ? { error } : {}) },
    });
  }
  return { results, finish, summary, schemaFailure };
}

/**
 * ask_person: the wait happens before the next step (challenges.ts), so this step is reported
 * first. Not with done: the run is ending anyway.
 */
function askPersonCall(ctx: RunContext, call: ToolCallRequest, withDone: boolean): CallResult {
  const parsed = askPersonSchema.safeParse(call.input);
  const refuse = (error: string): CallResult => ({
    id: call.id,
    name: call.name,
    text: error,
    ran: false,
    record: { name: call.name, input: call.input, ok: false, error },
  });
  if (withDone) return refuse("Not run: the agent asked for a person and finished in the same step.");
  if (!parsed.success) return refuse("Invalid arguments for ask_person: reason: give the reason in a sentence.");
  if (ctx.state.challenges.personRequest !== null) return refuse("Not run: a person was already asked for in this step.");
  ctx.state.challenges.personRequest = parsed.data.reason;
  const text = "A person has been asked to take control. When you see the page again, they have handed it back: act on what you see then.";
  return { id: call.id, name: call.name, text, ran: true, record: { name: call.name, input: call.input, ok: true } };
}
