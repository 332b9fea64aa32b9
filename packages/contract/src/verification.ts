import { z } from "zod";
import { CHECK_RESULT_KINDS } from "./checks.ts";

/**
 * How a run's answer was verified (docs/adr/0043-verified-results.md): each check's result, the
 * judge's verdict with its reasons and the tokens it used, and the verdict of them all: fail when
 * a check or the judge failed, unsure when the judge could not tell (nothing failed), else pass.
 */
export const VERDICTS = ["pass", "fail", "unsure"] as const;
export type Verdict = (typeof VERDICTS)[number];

/**
 * The failure kind of a run whose answer failed its checks. The failure kinds of the contract
 * (every way a run can fail) include it; until they are wired in, it is the one this part sets.
 */
export const VERIFICATION_FAILED_KIND = "verification_failed";

export const checkResultSchema = z.object({
  kind: z.enum(CHECK_RESULT_KINDS),
  path: z.string().optional().meta({ description: 'The dotted path checked; "" or absent: the whole answer.' }),
  passed: z.boolean(),
  message: z.string().meta({ description: 'What was found, e.g. "price is 12.5, within 10..20".' }),
});
export type CheckResult = z.infer<typeof checkResultSchema>;

export const judgeVerdictSchema = z.object({
  verdict: z.enum(VERDICTS),
  reasons: z.array(z.string()),
  tokens: z
    .object({ input: z.number().int(), output: z.number().int() })
    .meta({ description: "Model tokens the judge used; counted in the run's tokens and model spend." }),
});
export type JudgeVerdict = z.infer<typeof judgeVerdictSchema>;

export const verificationSchema = z
  .object({
    verdict: z.enum(VERDICTS),
    checks: z.array(checkResultSchema),
    judge: judgeVerdictSchema.optional(),
  })
  .meta({ description: "How the answer was verified against the run's checks; null when it had none or gave no answer." });
export type Verification = z.infer<typeof verificationSchema>;

/** The reason a run gives when its answer failed verification (the run page shows it). */
export function verificationFailedReason(verification: Verification): string {
  const failed = verification.checks.filter((c) => !c.passed).map((c) => c.message);
  if (verification.judge?.verdict === "fail") failed.push(...verification.judge.reasons);
  const detail = failed
    .slice(0, 3)
    .map((m) => m.replace(/[.\s]+$/, ""))
    .join("; ");
  return `The answer failed its checks${detail ? `: ${detail}` : ""}.`.slice(0, 1000);
}

/** The verdict of checks and judge together: any failure fails; an unsure judge makes it unsure. */
export function overallVerdict(checks: readonly CheckResult[], judge: Verdict | undefined): Verdict {
  if (checks.some((c) => !c.passed) || judge === "fail") return "fail";
  return judge === "unsure" ? "unsure" : "pass";
}
