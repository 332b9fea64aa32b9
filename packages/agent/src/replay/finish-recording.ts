import type { RecordingDraft } from "@errand/contract";
import type { ReplayPlan } from "../types/replay.ts";
import type { Finish, AgentExecution } from "../types/result.ts";
import { buildExtraction } from "./extraction.ts";
import type { Recorder } from "./recorder.ts";
import type { ReplayHost } from "./replay-host.ts";
import type { ReplayOutcome } from "./replay-run.ts";

/**
 * How a recorded run went, and the recording it leaves: a successful agent run leaves its first
 * (or next) recording; a replay the agent repaired leaves the repaired one; a clean replay none.
 * A run whose answer cannot be read off the page leaves none: replaying it would only repeat the
 * old answer.
 */
export async function finishRecording(args: {
  host: ReplayHost;
  finish: Finish;
  outcome: ReplayOutcome | null;
  plan?: ReplayPlan;
  prompt: string;
}): Promise<{ execution: AgentExecution; recording: RecordingDraft | null }> {
  const { host, finish, outcome, plan } = args;
  const recorder = host.recorder;
  const total = plan?.recording.steps.length ?? 0;
  let execution: AgentExecution;
  if (!outcome || !plan) execution = { kind: "agent", repairedSteps: [], note: null };
  else if (outcome.kind === "handover") {
    const rest = plan.recording.steps.filter((s) => s.number >= outcome.from).map((s) => s.number);
    const repairedSteps = [...new Set([...outcome.repaired, ...rest])].sort((a, b) => a - b);
    // Nothing replayed before the agent took over: it was the agent's run.
    const kind = outcome.from <= 1 && outcome.repaired.length === 0 ? "agent" : "repaired";
    const where = outcome.from > total ? "reading the answer" : `step ${outcome.from}`;
    execution = { kind, repairedSteps, note: `The replay missed at ${where}: ${outcome.reason}` };
  } else {
    execution = { kind: outcome.repaired.length ? "repaired" : "replayed", repairedSteps: outcome.repaired, note: null };
  }

  if (finish.status !== "success" || finish.result === null || !recorder) return { execution, recording: null };
  if (outcome?.kind === "complete" && outcome.repaired.length === 0) return { execution, recording: null };
  recorder.correctLast(host.page().url());
  const extraction =
    outcome?.kind === "complete" && plan
      ? plan.recording.extraction
      : await buildExtraction(host.page(), host.responseFormat, finish.result).catch(() => null);
  if (!extraction || extraction.reads.length === 0) {
    const note = "No recording was made: the answer is not read from the page, so a replay could only repeat it.";
    return { execution: { ...execution, note: execution.note ? `${execution.note} ${note}` : note }, recording: null };
  }
  return { execution, recording: { prompt: args.prompt, parameters: parametersUsed(recorder), steps: recorder.steps(), extraction } };
}

function parametersUsed(recorder: Recorder) {
  const names = new Set(recorder.steps().flatMap((s) => (s.value?.kind === "parameter" ? [s.value.name] : [])));
  return recorder
    .parameters()
    .filter(
      (p) =>
        names.has(p.name) ||
        recorder.steps().some((s) => JSON.stringify(s.input).includes(`{${p.name}}`) || s.expect.url.includes(`{${p.name}}`)),
    );
}
