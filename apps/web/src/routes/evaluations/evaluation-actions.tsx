import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { Download, Square, Trash2 } from "lucide-react";
import type { EvaluationDetail } from "@errand/contract";
import {
  cancelEvaluation,
  deleteEvaluation,
  evaluationKeys,
  evaluationReportFile,
  evaluationShareQueryOptions,
  setEvaluationShared,
} from "../../api/evaluations";
import { ApiRequestError } from "../../api/http";
import { ShareLinkButton } from "../../components/sharing/share-link-button";
import { ActionButton } from "../../components/ui/action-button";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { notify } from "../../components/ui/notify";
import { useSubmit } from "../../components/ui/use-submit";
import { downloadText } from "../../lib/browser/clipboard";
import { useCan } from "../../workspaces/use-workspace-allows";

type Format = "json" | "csv";
const FILE_TYPES: Record<Format, string> = { json: "application/json", csv: "text/csv;charset=utf-8" };

/**
 * Beside the evaluation's heading: Download JSON and CSV (anyone who can read it), and for the
 * roles that may run: Cancel while it runs, Share (as with runs; docs/adr/0044-evaluations.md)
 * and Delete.
 */
export function EvaluationActions({ evaluation }: { evaluation: EvaluationDetail }) {
  const canRun = useCan("run");
  const download = useSubmit({
    action: async (format: Format) => {
      const file = await evaluationReportFile(evaluation.id, format);
      downloadText(file.fileName ?? `evaluation-${evaluation.id}.${format}`, file.text, FILE_TYPES[format]);
    },
    failure: { message: "The report could not be downloaded. Please try again." },
  });
  return (
    <div className="flex flex-wrap gap-2">
      {evaluation.status === "running" && canRun ? <CancelEvaluationButton evaluation={evaluation} /> : null}
      {(["json", "csv"] as const).map((format) => (
        <ActionButton key={format} variant="outline" size="sm" actions={download} action={format} icon={<Download aria-hidden="true" />}>
          {format === "json" ? "Download JSON" : "Download CSV"}
        </ActionButton>
      ))}
      {canRun ? (
        <ShareLinkButton
          id={evaluation.id}
          query={evaluationShareQueryOptions(evaluation.id)}
          change={(shared) => setEvaluationShared(evaluation.id, shared)}
          title="Share this evaluation"
          description="Anyone with the link can read this evaluation's report: its cases with their prompts and answers, and each model's figures. Your account, your runs' steps and your saved logins are not shown."
          notShared="This evaluation is not shared."
        />
      ) : null}
      {canRun ? <DeleteEvaluationButton evaluation={evaluation} /> : null}
    </div>
  );
}

/** Cancel, after a question: the cases not started are skipped and the running ones stopped. */
function CancelEvaluationButton({ evaluation }: { evaluation: EvaluationDetail }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const cancel = useSubmit({
    action: () => cancelEvaluation(evaluation.id),
    onSuccess: (cancelled) => {
      queryClient.setQueryData(evaluationKeys.one(evaluation.id), cancelled);
      void queryClient.invalidateQueries({ queryKey: evaluationKeys.list() });
      setAsking(false);
      notify.success("Evaluation cancelled", "Its remaining runs were stopped.");
    },
    failure: (error) => {
      setAsking(false);
      void queryClient.invalidateQueries({ queryKey: evaluationKeys.one(evaluation.id) });
      const ended = error instanceof ApiRequestError && error.status === 409;
      return { message: ended ? "The evaluation had already ended." : "Failed to cancel the evaluation. Please try again." };
    },
  });
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setAsking(true)} aria-haspopup="dialog">
        <Square aria-hidden="true" />
        Cancel evaluation
      </Button>
      <ConfirmDialog
        open={asking}
        title="Cancel this evaluation?"
        description="Runs not started yet are skipped and running ones are stopped. The report keeps what has ended so far."
        confirmLabel="Cancel evaluation"
        confirmIcon={<Square aria-hidden="true" />}
        destructive
        busy={cancel.busy}
        onConfirm={() => cancel.run()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}

/** Delete, after a question: the report goes, the runs stay; back to the list. */
function DeleteEvaluationButton({ evaluation }: { evaluation: EvaluationDetail }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const remove = useSubmit({
    action: () => deleteEvaluation(evaluation.id),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: evaluationKeys.one(evaluation.id) });
      void queryClient.invalidateQueries({ queryKey: evaluationKeys.list() });
      notify.success("Evaluation deleted", "Its runs stay in your Task History.");
      await navigate("/evaluations", { replace: true });
    },
    failure: () => {
      setAsking(false);
      return { message: "Failed to delete the evaluation. Please try again." };
    },
  });
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setAsking(true)} aria-haspopup="dialog">
        <Trash2 aria-hidden="true" />
        Delete
      </Button>
      <ConfirmDialog
        open={asking}
        title={`Delete ${evaluation.name}?`}
        description="Its report and share link go for good. Its runs stay in your Task History; those still running are stopped."
        confirmLabel="Delete evaluation"
        confirmIcon={<Trash2 aria-hidden="true" />}
        destructive
        busy={remove.busy}
        onConfirm={() => remove.run()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
