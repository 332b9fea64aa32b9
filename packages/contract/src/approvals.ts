import { z } from "zod";

/**
 * Approval before irreversible actions (docs/adr/0048-approval-before-irreversible-actions.md):
 * a run asks a person before a click of one of these kinds, or on a control whose words the
 * person listed, and waits, its clock stopped, for an answer.
 */
export const APPROVAL_KINDS = ["payment", "personal_data", "purchase", "send_message", "delete"] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

/** Each kind in plain words (the task form and the approval card). */
export const APPROVAL_KIND_LABELS: Record<ApprovalKind, string> = {
  payment: "Submitting a payment form",
  personal_data: "Submitting a form with personal data",
  purchase: "Buying or placing an order",
  send_message: "Sending a message or e-mail",
  delete: "Deleting something",
};

/** How long a run waits for an answer, in seconds: a bounded wait, 30 min unless the task says otherwise. */
export const APPROVAL_TIMEOUT = { min: 30, max: 86_400, default: 1_800 } as const;
export const APPROVAL_WORDS = { max: 20, maxLength: 60 } as const;

const emptyIsUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

export const approvalKindsSchema = z
  .array(z.enum(APPROVAL_KINDS, { error: `approval must list kinds from: ${APPROVAL_KINDS.join(", ")}` }))
  .max(APPROVAL_KINDS.length)
  .transform((kinds) => [...new Set(kinds)]);

export const approvalWordsSchema = z
  .array(
    z
      .string()
      .trim()
      .min(1, { error: "approval_words must not contain an empty entry" })
      .max(APPROVAL_WORDS.maxLength, { error: `each of approval_words must be at most ${APPROVAL_WORDS.maxLength} characters` }),
  )
  .max(APPROVAL_WORDS.max, { error: `approval_words may list at most ${APPROVAL_WORDS.max} entries` })
  .transform((words) => [...new Set(words.map((w) => w.toLowerCase()))]);

const timeoutMessage = `approval_timeout_seconds must be a whole number from ${APPROVAL_TIMEOUT.min} to ${APPROVAL_TIMEOUT.max}`;
export const approvalTimeoutSchema = z
  .number({ error: timeoutMessage })
  .int({ error: timeoutMessage })
  .min(APPROVAL_TIMEOUT.min, { error: timeoutMessage })
  .max(APPROVAL_TIMEOUT.max, { error: timeoutMessage });

/** The fields a run (and a task) is created with; left out: no approval asked. */
export const approvalSettingFields = {
  approval: z.preprocess(emptyIsUndefined, approvalKindsSchema.default([])).meta({
    description: `Kinds of action a person must approve before the agent does them: ${APPROVAL_KINDS.join(", ")}. Empty: none.`,
  }),
  approval_words: z.preprocess(emptyIsUndefined, approvalWordsSchema.default([])).meta({
    description: 'A click on a control with any of these words (e.g. "Confirm", "Transfer") needs approval too. Case-insensitive.',
  }),
  approval_timeout_seconds: z.preprocess(emptyIsUndefined, approvalTimeoutSchema.default(APPROVAL_TIMEOUT.default)).meta({
    description: "How long the run waits for an answer (its clock stopped) before it ends with failure kind approval_timeout.",
  }),
};

/** PATCH /tasks/{id}: a field left out keeps its value; null or "" clears it (the timeout goes back to its default). */
export const approvalUpdateFields = {
  approval: z.preprocess((v) => (v === null || v === "" ? [] : v), approvalKindsSchema.optional()),
  approval_words: z.preprocess((v) => (v === null || v === "" ? [] : v), approvalWordsSchema.optional()),
  approval_timeout_seconds: z.preprocess((v) => (v === null || v === "" ? APPROVAL_TIMEOUT.default : v), approvalTimeoutSchema.optional()),
};

/** What a run and a task show of their approval settings. */
export const approvalShownFields = {
  approval: z.array(z.enum(APPROVAL_KINDS)).meta({ description: "Kinds of action a person must approve first; empty: none." }),
  approval_words: z.array(z.string()).meta({ description: "Words on a control whose click needs approval (lower-case)." }),
  approval_timeout_seconds: z.number().int().meta({ description: "Seconds a run waits for an answer before it ends (approval_timeout)." }),
};

/** The action a run waits on, as the run shows it in `needs_approval`. */
export const pendingApprovalSchema = z
  .object({
    action: z.string().meta({ description: 'What the agent is about to do, e.g. "click".' }),
    element: z.string().meta({ description: 'The control, as the page shows it, e.g. "button \\"Pay now\\"".' }),
    kind: z
      .union([z.enum(APPROVAL_KINDS), z.literal("words")])
      .meta({ description: 'Why it needs approval: a kind, or "words" for a listed word.' }),
    reason: z.string().meta({ description: "Why the agent asks, in a sentence." }),
    url: z.string().meta({ description: "The page it is on." }),
    has_screenshot: z.boolean().meta({ description: "GET /runs/{id}/approval/screenshot gives the page as the agent asked." }),
    asked_at: z.string(),
    expires_at: z.string().meta({ description: "When the run ends unanswered." }),
  })
  .meta({ description: "The action the run waits for a person to approve or deny; null when none." });
export type PendingApproval = z.infer<typeof pendingApprovalSchema>;

export const APPROVAL_DECISIONS = ["approve", "deny"] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];
export const APPROVAL_NOTE_MAX = 1_000;

/** POST /runs/{id}/approval. */
export const approvalAnswerSchema = z.object({
  decision: z.enum(APPROVAL_DECISIONS, { error: "decision must be approve or deny" }),
  note: z
    .string()
    .trim()
    .max(APPROVAL_NOTE_MAX, { error: `note must be at most ${APPROVAL_NOTE_MAX} characters` })
    .optional()
    .meta({ description: "What the agent reads with the answer, e.g. why it was denied." }),
});
export type ApprovalAnswer = z.output<typeof approvalAnswerSchema>;

export const approvalAnsweredSchema = z.object({
  run_id: z.uuid(),
  decision: z.enum(APPROVAL_DECISIONS),
});

/** The failure reason of a run nobody answered. */
export const approvalTimeoutReason = (element: string, seconds: number) =>
  `No one approved or denied ${element} within ${seconds >= 120 ? `${Math.round(seconds / 60)} min` : `${seconds} s`}, so the run stopped.`;

/** A task's or run's approval settings as they are stored: null when it asks for none. */
export interface ApprovalPolicy {
  kinds: ApprovalKind[];
  words: string[];
  timeoutSeconds: number;
}

/** The person's answer as the run keeps it until the worker reads it. */
export interface ApprovalReply {
  decision: ApprovalDecision;
  note: string | null;
}
