import { useId, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Check, ShieldAlert, X } from "lucide-react";
import { APPROVAL_KIND_LABELS, type Run } from "@errand/contract";
import { answerRunApproval, approvalScreenshotQueryOptions } from "../../api/approvals";
import { BusyButton } from "../ui/busy-button";
import { FormField } from "../ui/form-field";
import { notify } from "../ui/notify";
import { Textarea } from "../ui/textarea";
import { useSubmit } from "../ui/use-submit";
import { RoleNote } from "../../workspaces/role-note";

type WaitingRun = Pick<Run, "id"> & { needs_approval: NonNullable<Run["needs_approval"]> };

/**
 * A run waiting for a person to approve an action (docs/adr/0048-approval-before-irreversible-actions.md):
 * what the agent is about to do, on which control, why it asks, the page as it was, and Approve
 * or Deny with a note the agent reads. A role that may only read sees who can answer instead.
 */
export function ApprovalCard({ run, canAnswer = true }: { run: WaitingRun; canAnswer?: boolean }) {
  const id = useId();
  const pending = run.needs_approval;
  const [note, setNote] = useState("");
  const screenshot = useQuery({ ...approvalScreenshotQueryOptions(run.id, pending.asked_at), enabled: pending.has_screenshot });
  const answer = useSubmit({
    action: (decision: "approve" | "deny") => answerRunApproval(run.id, { decision, ...(note.trim() ? { note: note.trim() } : {}) }),
    onSuccess: (_result, decision) =>
      decision === "approve"
        ? notify.success("Approved", "The agent goes ahead with the action.")
        : notify.success("Denied", "The agent will not do it and reads your note."),
    failure: { message: "Failed to send your answer. Please try again.", apiMessage: true },
  });
  const kind = pending.kind === "words" ? "A control with one of your words" : APPROVAL_KIND_LABELS[pending.kind];
  return (
    <section
      role="alert"
      aria-labelledby={`${id}-title`}
      className="grid gap-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-3 text-amber-900"
    >
      <h3 id={`${id}-title`} className="flex items-start gap-2 text-sm font-semibold">
        <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        Approval needed: {kind}
      </h3>
      <PendingActionFacts pending={pending} />
      {screenshot.data ? (
        <img
          src={screenshot.data}
          alt="The page as the agent asked for approval"
          className="max-h-80 w-full rounded border object-contain"
        />
      ) : null}
      {canAnswer ? (
        <div className="grid gap-3">
          <FormField id={`${id}-note`} label="Note for the agent (optional)" className="grid gap-1">
            <Textarea value={note} maxLength={1000} onChange={(event) => setNote(event.target.value)} className="min-h-16 bg-background" />
          </FormField>
          <div className="flex flex-wrap gap-2">
            <BusyButton
              size="sm"
              icon={<Check aria-hidden="true" />}
              busy={answer.busy && answer.pending === "approve"}
              busyLabel="Approving..."
              disabled={answer.busy}
              onClick={() => answer.run("approve")}
            >
              Approve
            </BusyButton>
            <BusyButton
              size="sm"
              variant="outline"
              busy={answer.busy && answer.pending === "deny"}
              busyLabel="Denying..."
              disabled={answer.busy}
              icon={<X aria-hidden="true" />}
              onClick={() => answer.run("deny")}
            >
              Deny
            </BusyButton>
          </div>
        </div>
      ) : (
        <RoleNote operation="run" what="approve or deny a run's action" className="text-amber-900" />
      )}
    </section>
  );
}

/** What the agent is about to do, why, and on which page. */
function PendingActionFacts({ pending }: { pending: WaitingRun["needs_approval"] }) {
  return (
    <dl className="grid gap-1 text-sm break-words">
      <div>
        <dt className="inline font-medium">Action: </dt>
        <dd className="inline">
          {pending.action} on {pending.element}
        </dd>
      </div>
      <div>
        <dt className="inline font-medium">Why: </dt>
        <dd className="inline">{pending.reason}</dd>
      </div>
      <div>
        <dt className="inline font-medium">Page: </dt>
        <dd className="inline break-all">{pending.url}</dd>
      </div>
    </dl>
  );
}
