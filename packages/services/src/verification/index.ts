// @errand/services/verification: checks on a run's answer, the judge, and retries (docs/adr/0043-verified-results.md).
export { verifyAnswer, type AskJudge, type VerificationEvidence, type VerifiedAnswer, type VerifyAnswerInput } from "./verify-answer.ts";
export { evaluateAssertions, type AssertionEvidence } from "./evaluate-checks.ts";
export { readAnswer, valueAt } from "./answer-path.ts";
export { parseJudgeReply, type ParsedJudgeReply } from "./parse-judge-reply.ts";
export { JUDGE_MARKER, JUDGE_SYSTEM, judgeUserMessage, type JudgeStepNote } from "./judge-prompt.ts";
export { startRetry, sweepRetries } from "./retry-run.ts";
export { retryWanted } from "./retry-policy.ts";
export { failureKindOf } from "./failure-kind.ts";
