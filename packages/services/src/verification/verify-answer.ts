import { overallVerdict, verificationFailedReason, type CheckResult, type JudgeVerdict, type Verification } from "@errand/contract";
import { tasksRuns } from "@errand/db";
import { eq } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import { checkRunCaps, type RunUsageSoFar } from "../runs/check-run-caps.ts";
import { readAnswer } from "./answer-path.ts";
import { evaluateAssertions } from "./evaluate-checks.ts";
import { JUDGE_SYSTEM, judgeUserMessage, type JudgeStepNote } from "./judge-prompt.ts";
import { parseJudgeReply } from "./parse-judge-reply.ts";

/** One call of the run's model as judge: the worker makes it through the agent's model plumbing. */
export type AskJudge = (call: {
  system: string;
  text: string;
  screenshot: { data: Buffer; mediaType: "image/png" | "image/jpeg" } | null;
}) => Promise<{ text: string; inputTokens: number; outputTokens: number }>;

/** What the run left to verify its answer by. */
export interface VerificationEvidence {
  /** The visible text of the page the run ended on; null when it could not be read. */
  pageText: string | null;
  /** The run's last steps, oldest first. */
  steps: readonly JudgeStepNote[];
  screenshot: { data: Buffer; mediaType: "image/png" | "image/jpeg" } | null;
  /** The answer against the task's JSON schema, as the agent checked it; null when there is no schema. */
  schema: { passed: boolean; message: string } | null;
}

export interface VerifyAnswerInput {
  runId: string;
  result: string | null;
  evidence: VerificationEvidence;
  /** What the run used before the judge: its caps are judged before the judge is asked. */
  usage: RunUsageSoFar;
  askJudge: AskJudge;
}

/** How the verification ends the run: failed with a reason when the verdict is fail; the judge's tokens to add to the run's. */
export interface VerifiedAnswer {
  verification: Verification;
  /** Set when the verdict is fail: the run ends failed with this reason. */
  failedReason: string | null;
  judgeTokens: { input: number; output: number };
}

/**
 * Verifies a run's answer against its checks before the run ends (docs/adr/0043-verified-results.md):
 * the schema, each assertion, then the judge when it has instructions. Returns null when the
 * run has no checks. The judge's tokens are to be added to the run's, so they are charged and
 * capped as any model call. A judge past the run's cost cap is not asked (unsure), and a judge
 * that cannot be reached is unsure: neither fails a run.
 */
export async function verifyAnswer({ ctx, input }: VerbArgs<VerifyAnswerInput>): Promise<VerifiedAnswer | null> {
  const [run] = await ctx.db
    .select({ checks: tasksRuns.checks, prompt: tasksRuns.prompt, responseFormat: tasksRuns.responseFormat })
    .from(tasksRuns)
    .where(eq(tasksRuns.id, input.runId));
  if (!run?.checks) return null;
  const { evidence } = input;
  const checks: CheckResult[] = [
    ...(evidence.schema ? [{ kind: "schema" as const, passed: evidence.schema.passed, message: evidence.schema.message }] : []),
    ...evaluateAssertions(run.checks.assertions, {
      answer: readAnswer(input.result, run.responseFormat),
      pageText: evidence.pageText,
    }),
  ];
  const instructions = run.checks.judge?.instructions;
  const judge = instructions ? await askTheJudge({ ctx, input }, { task: run.prompt, instructions }) : undefined;
  const verification: Verification = { verdict: overallVerdict(checks, judge?.verdict), checks, ...(judge && { judge }) };
  return {
    verification,
    failedReason: verification.verdict === "fail" ? verificationFailedReason(verification) : null,
    judgeTokens: judge?.tokens ?? { input: 0, output: 0 },
  };
}

async function askTheJudge(
  { ctx, input }: VerbArgs<VerifyAnswerInput>,
  asked: { task: string; instructions: string },
): Promise<JudgeVerdict> {
  const none = { input: 0, output: 0 };
  const { evidence } = input;
  const text = judgeUserMessage({ ...asked, answer: input.result, steps: evidence.steps, pageText: evidence.pageText });
  // Judged with the judge's own prompt, as the agent's calls are: no call the cap cannot cover (docs/adr/0037-spending-limits.md).
  const usage = { ...input.usage, nextCallInputTokens: judgeInputTokens(text, evidence.screenshot !== null) };
  const caps = await checkRunCaps({ ctx, input: { runId: input.runId, usage } });
  if (caps.action !== "go") return { verdict: "unsure", reasons: [`The judge was not asked: ${caps.reason}`], tokens: none };
  try {
    const reply = await input.askJudge({ system: JUDGE_SYSTEM, text, screenshot: evidence.screenshot });
    return { ...parseJudgeReply(reply.text), tokens: { input: reply.inputTokens, output: reply.outputTokens } };
  } catch (error) {
    ctx.log.warn("the judge could not be asked", { runId: input.runId, error });
    const why = error instanceof Error ? error.message.slice(0, 200) : "the model call failed";
    return { verdict: "unsure", reasons: [`The judge could not be asked: ${why}`], tokens: none };
  }
}

/** A rough count for English text, as the agent estimates its first prompt (packages/agent/src/loop/ask-model.ts). */
const CHARS_PER_TOKEN = 4;
/** At most what a screenshot reads at high detail for the agent's viewport. */
const SCREENSHOT_TOKENS = 1105;

/** The input tokens the judge's call is estimated to read: its prompt's characters, and the screenshot when one goes along. */
function judgeInputTokens(text: string, withScreenshot: boolean): number {
  return Math.ceil((JUDGE_SYSTEM.length + text.length) / CHARS_PER_TOKEN) + (withScreenshot ? SCREENSHOT_TOKENS : 0);
}
