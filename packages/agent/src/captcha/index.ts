// Captcha solving: detect challenges in a page, have a solver service solve them, put the
// answers in place. The agent loop calls solveChallengesOnPage once per step.
export { createCaptchaSolver, type CaptchaSolverOptions } from "./solver-client.ts";
export { detectChallenges } from "./detect-challenges.ts";
export { applySolution, type AppliedSolution } from "./apply-solution.ts";
export { solveChallenge, solveChallengesOnPage } from "./solve-challenges-on-page.ts";
export { CaptchaSolveError } from "./captcha-error.ts";
export { CHALLENGE_LABELS } from "./types.ts";
export type { CaptchaErrorCode, ChallengeOutcome, DetectedChallenge } from "./types.ts";
export type { CaptchaRequest, CaptchaSolution, CaptchaSolver, CaptchaSolverProtocol, ChallengeKind } from "../types/captcha.ts";
