import { z } from "zod";
import { plainText } from "./input-limits.ts";

/**
 * Checks a run's answer must pass before it counts as a success (docs/adr/0043-verified-results.md):
 * assertions on the answer, and an optional judge (the configured model, told what to look for).
 * The task's JSON schema, when it has one, is checked as well and shown as the check `schema`.
 */
export const CHECK_KINDS = ["field_present", "pattern", "range", "min_items", "on_page"] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];
/** What a verification lists: the assertions and the schema. */
export const CHECK_RESULT_KINDS = ["schema", ...CHECK_KINDS] as const;
export type CheckResultKind = (typeof CHECK_RESULT_KINDS)[number];

export const CHECKS_LIMITS = { maxAssertions: 20, maxPath: 200, maxPattern: 200, maxInstructions: 4000, maxRetries: 5 } as const;

/**
 * A dotted path into a JSON answer ("items.0.price"); "" is the whole answer (the text of a text
 * answer).
 */
const pathSchema = plainText("path", { oneLine: true })
  .trim()
  .max(CHECKS_LIMITS.maxPath, { error: `path must be at most ${CHECKS_LIMITS.maxPath} characters` })
  .regex(/^$|^[^.\s][^.]*(\.[^.]+)*$/, { error: 'path must be field names joined by dots, e.g. "items.0.price"' })
  .default("");

/**
 * Why a regular expression is refused, or null. JavaScript's engine backtracks, so a pattern
 * with a quantified group that itself repeats ("(a+)+", "(a|aa)*") can take exponential time on
 * a crafted answer; such patterns, backreferences and lookarounds are refused when the check is
 * saved, so are more than two open-ended repeats, and the text tested is capped
 * (PATTERN_INPUT_MAX). No engine without backtracking is installed, so the bound is on what may
 * be written.
 */
export function unsafePatternProblem(pattern: string): string | null {
  if (pattern.length > CHECKS_LIMITS.maxPattern) return `pattern must be at most ${CHECKS_LIMITS.maxPattern} characters`;
  try {
    new RegExp(pattern, "u");
  } catch (error) {
    return `pattern is not a valid regular expression: ${(error as Error).message}`;
  }
  if (/\\[1-9]|\\k</.test(pattern)) return "pattern must not use backreferences";
  if (/\(\?<?[=!]/.test(pattern)) return "pattern must not use lookarounds";
  if (repeatsAQuantifiedGroup(pattern)) return "pattern must not repeat a group that itself repeats, e.g. (a+)+";
  if (unboundedQuantifiers(pattern) > MAX_UNBOUNDED_QUANTIFIERS)
    return `pattern must have at most ${MAX_UNBOUNDED_QUANTIFIERS} open-ended repeats (*, + or {n,})`;
  return null;
}

/** The longest text a pattern is tested against: longer values fail the check instead. */
export const PATTERN_INPUT_MAX = 2_000;
/** ".*.*.*x" backtracks in cubic time: with two open-ended repeats at most, a match is at worst quadratic in PATTERN_INPUT_MAX. */
const MAX_UNBOUNDED_QUANTIFIERS = 2;

/** How many *, + and {n,} the pattern has outside character classes. */
function unboundedQuantifiers(pattern: string): number {
  let count = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "\\") i++;
    else if (c === "[") i = classEnd(pattern, i);
    else if (c === "*" || c === "+" || (c === "{" && /^\{\d+,\}/.test(pattern.slice(i)))) count++;
  }
  return count;
}

/**
 * True when a group holding a quantifier or an alternation is itself repeated: "(a+)+", "(a|b)*",
 * "(?:x*y){2,}". Cautious: a few safe patterns ("(\d+-)+") are refused too.
 */
function repeatsAQuantifiedGroup(pattern: string): boolean {
  const groups: boolean[] = []; // per open group: it holds a quantifier or an alternation
  let closedRisky = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    const afterRiskyGroup = closedRisky;
    closedRisky = false;
    if (c === "\\") i++;
    else if (c === "[") i = classEnd(pattern, i);
    else if (c === "(") groups.push(false);
    else if (c === ")") {
      closedRisky = groups.pop() ?? false;
      if (closedRisky && groups.length) groups[groups.length - 1] = true;
    } else if (c === "*" || c === "+" || c === "{") {
      if (afterRiskyGroup) return true;
      if (groups.length) groups[groups.length - 1] = true;
    } else if (c === "|" && groups.length) groups[groups.length - 1] = true;
  }
  return false;
}

/** The index of the "]" closing the character class opened at `start`. */
function classEnd(pattern: string, start: number): number {
  let i = start + 1;
  while (i < pattern.length && pattern[i] !== "]") i += pattern[i] === "\\" ? 2 : 1;
  return i;
}

const finiteNumber = (field: string) => z.number({ error: `${field} must be a number` }).finite();

export const fieldPresentCheckSchema = z.object({ kind: z.literal("field_present"), path: pathSchema });
export const patternCheckSchema = z.object({
  kind: z.literal("pattern"),
  path: pathSchema,
  pattern: z.string({ error: "pattern is required" }).superRefine((value, ctx) => {
    const problem = unsafePatternProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
});
export const rangeCheckSchema = z
  .object({ kind: z.literal("range"), path: pathSchema, min: finiteNumber("min").optional(), max: finiteNumber("max").optional() })
  .refine((v) => v.min !== undefined || v.max !== undefined, { error: "a range check needs min, max or both" })
  .refine((v) => v.min === undefined || v.max === undefined || v.min <= v.max, { error: "min must not be above max" });
export const minItemsCheckSchema = z.object({
  kind: z.literal("min_items"),
  path: pathSchema,
  n: z.number({ error: "n must be a whole number" }).int({ error: "n must be a whole number" }).min(1).max(100_000),
});
export const onPageCheckSchema = z.object({ kind: z.literal("on_page"), path: pathSchema });

export const checkSchema = z.discriminatedUnion(
  "kind",
  [fieldPresentCheckSchema, patternCheckSchema, rangeCheckSchema, minItemsCheckSchema, onPageCheckSchema],
  { error: `kind must be one of ${CHECK_KINDS.join(", ")}` },
);
export type Check = z.infer<typeof checkSchema>;

export const judgeSettingsSchema = z.object({
  instructions: plainText("instructions")
    .trim()
    .min(1, { error: "judge instructions must not be empty" })
    .max(CHECKS_LIMITS.maxInstructions, { error: `judge instructions must be at most ${CHECKS_LIMITS.maxInstructions} characters` }),
});

/** What a task or run is checked with; null or left out: no checks. */
export const runChecksSchema = z
  .object({
    assertions: z
      .array(checkSchema)
      .max(CHECKS_LIMITS.maxAssertions, { error: `at most ${CHECKS_LIMITS.maxAssertions} checks` })
      .default([]),
    judge: judgeSettingsSchema.nullable().optional(),
  })
  .meta({
    description:
      'Checks the answer must pass (docs/adr/0043-verified-results.md): assertions (field_present, pattern, range, min_items, on_page; path is dotted, "" is the whole answer) and an optional judge given instructions. A failed verdict makes the run failed.',
  });
export type RunChecks = z.output<typeof runChecksSchema>;

/** When a failed run of a task is tried again, as a new run linked to the first by retry_of. */
export const retryPolicySchema = z
  .object({
    on_verdict_fail: z.boolean({ error: "on_verdict_fail must be true or false" }).default(false),
    on_failure_kinds: z
      .array(plainText("on_failure_kinds", { oneLine: true }).trim().min(1).max(60))
      .max(20)
      .default([])
      .meta({ description: "Failure kinds of a run that start a retry, e.g. page_error, site_unreachable." }),
    max: z
      .number({ error: `max must be a whole number from 0 to ${CHECKS_LIMITS.maxRetries}` })
      .int({ error: `max must be a whole number from 0 to ${CHECKS_LIMITS.maxRetries}` })
      .min(0, { error: `max must be a whole number from 0 to ${CHECKS_LIMITS.maxRetries}` })
      .max(CHECKS_LIMITS.maxRetries, { error: `max must be a whole number from 0 to ${CHECKS_LIMITS.maxRetries}` }),
  })
  .meta({
    description:
      "Retry a failed run (a new run with the same settings) when its verdict is fail or its failure kind is listed, at most max times.",
  });
export type RetryPolicy = z.output<typeof retryPolicySchema>;
