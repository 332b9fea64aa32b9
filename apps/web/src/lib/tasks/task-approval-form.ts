import { APPROVAL_TIMEOUT, APPROVAL_WORDS, type ApprovalKind, type Task } from "@errand/contract";

/**
 * The task form's "Approval" fields (docs/adr/0048-approval-before-irreversible-actions.md):
 * the kinds of action a person approves first, their own words (comma-separated as typed) and
 * how many minutes a run waits for the answer.
 */
export interface ApprovalFormValues {
  kinds: ApprovalKind[];
  words: string;
  timeoutMinutes: string;
}

export const EMPTY_APPROVAL_FORM: ApprovalFormValues = { kinds: [], words: "", timeoutMinutes: String(APPROVAL_TIMEOUT.default / 60) };

const MIN_MINUTES = 1;
const MAX_MINUTES = APPROVAL_TIMEOUT.max / 60;
export const APPROVAL_TIMEOUT_MESSAGE = `Wait for an answer must be a whole number of minutes from ${MIN_MINUTES} to ${MAX_MINUTES}.`;
export const APPROVAL_WORDS_MESSAGE = `List at most ${APPROVAL_WORDS.max} words, each at most ${APPROVAL_WORDS.maxLength} characters.`;

function splitWords(text: string): string[] {
  return text
    .split(",")
    .map((w) => w.trim())
    .filter(Boolean);
}

function minutes(values: ApprovalFormValues): number {
  const text = values.timeoutMinutes.trim();
  return text ? Number(text) : APPROVAL_TIMEOUT.default / 60;
}

/** What stops a submit, or null. */
export function approvalProblem(values: ApprovalFormValues): string | null {
  const words = splitWords(values.words);
  if (words.length > APPROVAL_WORDS.max || words.some((w) => w.length > APPROVAL_WORDS.maxLength)) return APPROVAL_WORDS_MESSAGE;
  const m = minutes(values);
  if (!Number.isInteger(m) || m < MIN_MINUTES || m > MAX_MINUTES) return APPROVAL_TIMEOUT_MESSAGE;
  return null;
}

/** The three API fields. */
export function toApprovalFields(values: ApprovalFormValues) {
  return { approval: values.kinds, approval_words: splitWords(values.words), approval_timeout_seconds: minutes(values) * 60 };
}

/** True when the form asks for any approval (the advanced section then starts open). */
export function asksApproval(values: ApprovalFormValues): boolean {
  return values.kinds.length > 0 || splitWords(values.words).length > 0;
}

export function approvalToFormValues(
  task: Partial<Pick<Task, "approval" | "approval_words" | "approval_timeout_seconds">>,
): ApprovalFormValues {
  return {
    kinds: task.approval ?? [],
    words: (task.approval_words ?? []).join(", "),
    timeoutMinutes: String(Math.max(MIN_MINUTES, Math.round((task.approval_timeout_seconds ?? APPROVAL_TIMEOUT.default) / 60))),
  };
}
