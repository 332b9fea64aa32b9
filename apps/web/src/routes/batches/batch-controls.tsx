import { useState, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Ban, Pause, Play, RotateCcw } from "lucide-react";
import type { Batch } from "@errand/contract";
import { batchKeys, controlBatch, type BatchControl } from "../../api/batches";
import { BusyButton } from "../../components/ui/busy-button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { useSubmit } from "../../components/ui/use-submit";
import { hasFailedRows } from "../../lib/batches/batch-labels";
import { RoleNote } from "../../workspaces/role-note";
import { useCan } from "../../workspaces/use-workspace-allows";

const FAILED: Record<BatchControl, string> = {
  pause: "The batch could not be paused.",
  resume: "The batch could not be resumed.",
  cancel: "The batch could not be cancelled.",
  rerun: "The failed rows could not be run again.",
};

/**
 * Pause, resume, cancel (after a confirmation) and re-run the rows that did not succeed, each
 * offered when the batch's status allows it; a role that may only read is told who can.
 */
export function BatchControls({ batch }: { batch: Batch }) {
  const canRun = useCan("run");
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const control = useSubmit({
    action: (which: BatchControl) => controlBatch(batch.id, which),
    onSuccess: async (next) => {
      queryClient.setQueryData(batchKeys.batch(batch.id), next);
      setConfirming(false);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: batchKeys.results(batch.id) }),
        queryClient.invalidateQueries({ queryKey: batchKeys.ofTask(batch.task_id) }),
      ]);
    },
    failure: (_error, which) => ({ message: FAILED[which], apiMessage: true }),
  });
  if (!canRun) return <RoleNote operation="run" what="pause, resume, cancel or re-run it" />;

  const open = batch.status === "running" || batch.status === "paused";
  const button = (which: BatchControl, label: string, icon: ReactNode, variant: "outline" | "destructive" = "outline") => (
    <BusyButton
      variant={variant}
      size="sm"
      busy={control.pending === which}
      disabled={control.busy}
      icon={icon}
      onClick={() => (which === "cancel" ? setConfirming(true) : control.run(which))}
    >
      {label}
    </BusyButton>
  );
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Batch controls">
      {batch.status === "running" ? button("pause", "Pause", <Pause className="size-4" aria-hidden="true" />) : null}
      {batch.status === "paused" ? button("resume", "Resume", <Play className="size-4" aria-hidden="true" />) : null}
      {batch.status !== "running" && hasFailedRows(batch)
        ? button("rerun", "Re-run failed rows", <RotateCcw className="size-4" aria-hidden="true" />)
        : null}
      {open ? button("cancel", "Cancel batch", <Ban className="size-4" aria-hidden="true" />, "destructive") : null}
      <ConfirmDialog
        open={confirming}
        title="Cancel this batch?"
        description="Rows not started yet are skipped and the runs still going are cancelled. Runs that ended stay as they are."
        confirmLabel="Cancel batch"
        destructive
        busy={control.pending === "cancel"}
        onConfirm={() => control.run("cancel")}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
