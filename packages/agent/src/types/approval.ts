import type { ApprovalKind, ApprovalReply } from "@errand/contract";

/** What the agent is about to do and why a person must approve it first (docs/adr/0048-approval-before-irreversible-actions.md). */
export interface ApprovalRequest {
  action: string;
  /** The control as the model saw it, e.g. `[4] <button> Pay now`. */
  element: string;
  kind: ApprovalKind | "words";
  reason: string;
  url: string;
  /** The page as it was when the agent asked (JPEG); null when it could not be taken. */
  screenshot: Buffer | null;
}

/**
 * The caller's side of approvals: the policy, and how a request is shown, answered and closed.
 * The agent waits with its clock stopped, asking `answer` every capPollMs, until an answer comes,
 * `waitMs` passes (the run ends approval_timeout) or the run is cancelled.
 */
export interface AgentApproval {
  kinds: readonly ApprovalKind[];
  words: readonly string[];
  waitMs: number;
  ask(request: ApprovalRequest): Promise<void>;
  answer(): Promise<ApprovalReply | null>;
  /** The wait is over (answered, timed out or cancelled): the run stops showing the request. */
  close(): Promise<void>;
}
