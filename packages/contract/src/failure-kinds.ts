import { z } from "zod";

/**
 * Why a run did not succeed, from a closed list (docs/adr/0042-failure-kinds.md). Each is set
 * where the failure is known (the agent, the worker, a service verb), never guessed afterwards
 * from the message; `unknown` is only for runs that ended before kinds existed and whose message
 * says nothing we can place.
 */
export const FAILURE_KINDS = [
  "navigation_blocked",
  "captcha_unsolved",
  "person_needed_timeout",
  "approval_timeout",
  "login_required",
  "element_not_found",
  "page_error",
  "site_unreachable",
  "model_error",
  "budget_exhausted",
  "step_limit",
  "time_limit",
  "verification_failed",
  "cancelled",
  "agent_gave_up",
  "agent_stuck",
  "invalid_answer",
  "setup_problem",
  "interrupted",
  "internal",
  "unknown",
] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

/** Each kind in plain words, as the run page and the history filter show it. */
export const FAILURE_KIND_LABELS: Record<FailureKind, string> = {
  navigation_blocked: "Blocked by the network policy",
  captcha_unsolved: "A captcha could not be solved",
  person_needed_timeout: "No person came to help",
  approval_timeout: "No one answered the approval",
  login_required: "The site asked to sign in",
  element_not_found: "An element on the page was not found",
  page_error: "The page crashed",
  site_unreachable: "The site could not be reached",
  model_error: "The model failed",
  budget_exhausted: "Out of budget",
  step_limit: "Step limit reached",
  time_limit: "Time limit reached",
  verification_failed: "The result failed its checks",
  cancelled: "Cancelled",
  agent_gave_up: "The agent could not do the task",
  agent_stuck: "The agent got stuck",
  invalid_answer: "The answer did not fit the schema",
  setup_problem: "The run could not be set up",
  interrupted: "The worker stopped",
  internal: "Internal error",
  unknown: "Unknown cause",
};

export const failureKindSchema = z.enum(FAILURE_KINDS);

/** The run's `failure`: null while pending and after success; else the kind and the run's message. */
export const runFailureSchema = z
  .object({
    kind: failureKindSchema,
    message: z.string().meta({ description: "Why the run ended, in a sentence (the same text as status_reason)." }),
  })
  .nullable()
  .meta({ description: "Why the run did not succeed: a kind from a closed list and a message. null for pending and successful runs." });
export type RunFailure = z.infer<typeof runFailureSchema>;

/** `failure_kind=a,b` on run lists: one or more kinds, comma-separated. */
export const failureKindsQuerySchema = z
  .string()
  .trim()
  .transform((v) => [
    ...new Set(
      v
        .split(",")
        .map((k) => k.trim())
        .filter(Boolean),
    ),
  ])
  .pipe(
    z
      .array(z.enum(FAILURE_KINDS, { error: `failure_kind must be one or more of: ${FAILURE_KINDS.join(", ")}` }))
      .min(1)
      .max(FAILURE_KINDS.length),
  )
  .meta({ description: "Only runs that ended with one of these failure kinds, comma-separated (e.g. navigation_blocked,time_limit)." });
