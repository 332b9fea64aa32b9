import { APPROVAL_TIMEOUT, type ApprovalKind, type ApprovalPolicy } from "@errand/contract";

/** The API's three approval fields as the one column a task and a run keep: null when nothing needs approval. */
export function approvalColumn(fields: { approval: ApprovalKind[]; approval_words: string[]; approval_timeout_seconds: number }) {
  if (fields.approval.length === 0 && fields.approval_words.length === 0) return null;
  return { kinds: fields.approval, words: fields.approval_words, timeoutSeconds: fields.approval_timeout_seconds } satisfies ApprovalPolicy;
}

/** The column as the API shows it (a run or task that asks for nothing shows the default timeout). */
export function approvalFields(policy: ApprovalPolicy | null) {
  return {
    approval: policy?.kinds ?? [],
    approval_words: policy?.words ?? [],
    approval_timeout_seconds: policy?.timeoutSeconds ?? APPROVAL_TIMEOUT.default,
  };
}

/** PATCH /tasks/{id}: the fields sent over the saved ones; undefined when none was sent (the column keeps its value). */
export function changedApproval(
  saved: ApprovalPolicy | null,
  sent: { approval?: ApprovalKind[]; approval_words?: string[]; approval_timeout_seconds?: number },
): ApprovalPolicy | null | undefined {
  if (sent.approval === undefined && sent.approval_words === undefined && sent.approval_timeout_seconds === undefined) return undefined;
  const now = approvalFields(saved);
  return approvalColumn({
    approval: sent.approval ?? now.approval,
    approval_words: sent.approval_words ?? now.approval_words,
    approval_timeout_seconds: sent.approval_timeout_seconds ?? now.approval_timeout_seconds,
  });
}
