import type { AgentApproval, ApprovalRequest } from "@errand/agent";
import { askApproval, closeApproval, takeApprovalReply } from "@errand/services/approvals";
import { approvalScreenshotKey } from "@errand/services/storage";
import type { ClaimedRun } from "./prepare-run.ts";
import type { WorkerDeps } from "./worker-deps.ts";

/**
 * The agent's approvals for a run whose task asks for them (docs/adr/0048-approval-before-irreversible-actions.md):
 * an ask is written on the run with its screenshot, the answer is polled from it, and the wait's
 * end clears it. Absent when the run asks for no approval.
 */
export function runApproval(deps: WorkerDeps, run: ClaimedRun): AgentApproval | undefined {
  const policy = run.approval;
  if (!policy) return undefined;
  const { ctx } = deps;
  const waitMs = deps.approvalWaitMs ?? policy.timeoutSeconds * 1000;
  return {
    kinds: policy.kinds,
    words: policy.words,
    waitMs,
    async ask(request: ApprovalRequest) {
      const stored = request.screenshot
        ? await deps.storage.put(approvalScreenshotKey(run.id), request.screenshot, "image/jpeg").then(
            () => true,
            () => false,
          )
        : false;
      const { screenshot: _bytes, ...action } = request;
      await askApproval({ ctx, input: { runId: run.id, asked: { ...action, has_screenshot: stored, waitSeconds: waitMs / 1000 } } });
    },
    answer: () => takeApprovalReply({ ctx, input: { runId: run.id } }),
    close: () => closeApproval({ ctx, input: { runId: run.id } }),
  };
}
