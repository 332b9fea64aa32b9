import type { ChatRequest, FakeResponder, FakeTextTurn, FakeTurn, FakeUsage } from "./types.ts";

/**
 * The judge of verified results (docs/adr/0043-verified-results.md) as the fake model plays it.
 * Its system prompt starts with these words (packages/services/src/verification/judge-prompt.ts);
 * the worker's verified-run tests fail if the two drift apart.
 */
export const JUDGE_SYSTEM_START = "You are the judge of a web task's answer.";

export const isJudgeRequest = (req: ChatRequest) => req.system.startsWith(JUDGE_SYSTEM_START);

/** A judge's reply as the real one is asked to give it: one JSON object with a verdict and reasons. */
export function judgeTurn(verdict: "pass" | "fail" | "unsure", reasons: string[], usage?: FakeUsage): FakeTextTurn {
  return { text: JSON.stringify({ verdict, reasons }), ...(usage && { usage }) };
}

/** A responder where the judge's calls get `judge`'s turn and every other call `agent`'s. */
export function withJudge(agent: FakeResponder, judge: (req: ChatRequest) => FakeTurn): FakeResponder {
  return (req, index) => (isJudgeRequest(req) ? judge(req) : agent(req, index));
}
