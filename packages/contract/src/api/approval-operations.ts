import { apiErrorSchema } from "../errors.ts";
import { approvalAnsweredSchema, approvalAnswerSchema } from "../approvals.ts";
import { screenshotResponseSchema } from "../tasks.ts";
import { area, byId, idParam, jsonBody, jsonContent, ok } from "./describe.ts";

const op = area(["Runs"]);

/** Approval before irreversible actions (docs/adr/0048-approval-before-irreversible-actions.md). */
export const approvalOperations = {
  answerRunApproval: op("answerRunApproval", {
    summary: "Approve or deny the action a run waits on",
    description:
      "A run whose task lists `approval` kinds or `approval_words` stops before such an action and shows it in `needs_approval` (its clock stopped). `approve`: the agent does it. `deny`: it does not, and the agent reads your `note` in its next step. The first answer wins; members who may run tasks may answer.",
    request: { params: idParam, body: jsonBody(approvalAnswerSchema) },
    responses: ok(approvalAnsweredSchema, "The answer was given to the run", {
      409: jsonContent(apiErrorSchema, "Nothing waits for approval: the run has ended, asked for none, or was already answered"),
    }),
  }),
  getApprovalScreenshot: op("getApprovalScreenshot", {
    summary: "A signed URL (valid 10 minutes) of the page as the run asked for approval",
    request: byId,
    responses: ok(screenshotResponseSchema, "The signed URL", {
      404: jsonContent(apiErrorSchema, "Nothing waits for approval, or no screenshot"),
    }),
  }),
};
