import type { ModelMessage, UserContent } from "ai";

/** One past step as the model will see it again: its calls and what came of them. */
export interface HistoryStep {
  assistantText: string;
  calls: { id: string; name: string; input: unknown }[];
  results: { id: string; name: string; text: string }[];
  /** A message to the model when it called no tool. */
  nudge?: string;
  /** "Title" url of the page after the step, filled in when the next observation is made. */
  pageAfter?: string;
}

/** Steps kept verbatim; older ones are folded (8 at a time, so the prompt prefix stays cacheable). */
export const KEEP_STEPS = 16;
const FOLD_CHUNK = 8;
const MAX_RESULT_CHARS = 2_000;

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function callText(call: { name: string; input: unknown }): string {
  const input = JSON.stringify(call.input ?? {});
  return `${call.name}${input === "{}" ? "" : ` ${clip(input, 200)}`}`;
}

/** How many of the oldest steps are folded into a summary. */
export function foldedCount(steps: number): number {
  if (steps <= KEEP_STEPS) return 0;
  return Math.floor((steps - FOLD_CHUNK) / FOLD_CHUNK) * FOLD_CHUNK;
}

function summary(steps: HistoryStep[]): string {
  const lines = steps.map((s, i) => {
    const acts = s.calls.map((c) => {
      const r = s.results.find((x) => x.id === c.id)?.text ?? "";
      return `${callText(c)} → ${clip(r, c.name === "extract" ? 600 : 160)}`;
    });
    const page = s.pageAfter ? ` [then on ${s.pageAfter}]` : "";
    return `${i + 1}. ${acts.join("; ") || clip(s.assistantText || "(no action)", 160)}${page}`;
  });
  return `Earlier steps, summarised:\n${lines.join("\n")}`;
}

/**
 * The conversation for one model call: the task, past steps as tool calls and results (old
 * observations are not repeated; only where each step left the browser), then the current state.
 */
export function buildMessages(task: string, steps: HistoryStep[], current: UserContent): ModelMessage[] {
  const messages: ModelMessage[] = [{ role: "user", content: task }];
  const fold = foldedCount(steps.length);
  if (fold > 0) {
    messages.push({ role: "user", content: summary(steps.slice(0, fold)) });
  }
  for (const step of steps.slice(fold)) {
    if (step.calls.length === 0) {
      if (step.assistantText) messages.push({ role: "assistant", content: step.assistantText });
      if (step.nudge) messages.push({ role: "user", content: step.nudge });
      continue;
    }
    messages.push({
      role: "assistant",
      content: [
        ...(step.assistantText ? [{ type: "text" as const, text: step.assistantText }] : []),
        ...step.calls.map((c) => ({ type: "tool-call" as const, toolCallId: c.id, toolName: c.name, input: c.input ?? {} })),
      ],
    });
    const results = step.results.map((r, i) => {
      const last = i === step.results.length - 1;
      const text = clip(r.text, MAX_RESULT_CHARS) + (last && step.pageAfter ? `\n[Page now: ${step.pageAfter}]` : "");
      return { type: "tool-result" as const, toolCallId: r.id, toolName: r.name, output: { type: "text" as const, value: text } };
    });
    messages.push({ role: "tool", content: results });
  }
  messages.push({ role: "user", content: current });
  return messages;
}
