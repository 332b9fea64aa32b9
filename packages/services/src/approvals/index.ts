// @errand/services/approvals: approval before irreversible actions (docs/adr/0048-approval-before-irreversible-actions.md).
export { askApproval, type ApprovalAsked } from "./ask-approval.ts";
export { takeApprovalReply, closeApproval } from "./take-approval-reply.ts";
export { answerApproval } from "./answer-approval.ts";
export { getApprovalScreenshot } from "./get-approval-screenshot.ts";
