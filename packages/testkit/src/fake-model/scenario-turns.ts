import type { ChatRequest, FakeTurn } from "./types.ts";

/** What a scripted responder reads of a request: all its messages' text, and the turns the model has taken so far. */
export function readRequest(req: ChatRequest): { all: string; turns: number } {
  return { all: req.messages.map((m) => m.text).join("\n"), turns: req.messages.filter((m) => m.role === "assistant").length };
}

/** The model ends the run with the done tool and these arguments (after `delayMs`). */
export const doneTurn = (args: unknown, delayMs = 0): FakeTurn => ({ toolCalls: [{ name: "done", arguments: args }], delayMs });

/**
 * The news fixture read in steps, for tests that follow a run's steps as they come: the model's
 * `turns`th turn opens /news, then scrolls down twice (each turn `stepMs` and `scrollMs` late,
 * so steps arrive live), then answers `text` after `doneMs`.
 */
export function newsInSteps(
  sitesUrl: string,
  turns: number,
  answer: { text: string; stepMs: number; scrollMs: number; doneMs?: number },
): FakeTurn {
  if (turns === 0) return { toolCalls: [{ name: "navigate", arguments: { url: `${sitesUrl}/news` } }], delayMs: answer.stepMs };
  if (turns < 3) return { toolCalls: [{ name: "scroll", arguments: { direction: "down" } }], delayMs: answer.scrollMs };
  return doneTurn({ success: true, text: answer.text }, answer.doneMs);
}
