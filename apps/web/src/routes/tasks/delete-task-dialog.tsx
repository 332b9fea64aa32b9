import { useQueryClient } from "@tanstack/react-query";
import type { TaskList } from "@errand/contract";
import { runsKeys } from "../../api/runs";
import { deleteTask, tasksKeys } from "../../api/tasks";
import { ConfirmDeleteDialog } from "../../components/ui/confirm-delete-dialog";
import { notify } from "../../components/ui/notify";
import { taskExcerpt } from "./task-excerpt";

type ListedTask = TaskList["tasks"][number];

interface DeleteTaskDialogProps {
  /** The task to delete; null keeps the dialog closed. */
  task: ListedTask | null;
  onClose: () => void;
}

/** Confirms, then DELETE /tasks/{id}: the task goes with its runs (a running one is stopped first). */
export function DeleteTaskDialog({ task, onClose }: DeleteTaskDialogProps) {
  const queryClient = useQueryClient();
  return (
    <ConfirmDeleteDialog
      item={task}
      title="Delete task?"
      describe={(shown) => (
        <>
          The task &ldquo;{taskExcerpt(shown.prompt, 120)}&rdquo; will be deleted with all its runs, their steps and screenshots, and its
          share links will stop working.
          {shown.latest_runs.some((run) => run.status === "pending") ? " Its run in progress will be stopped." : ""} This cannot be undone.
        </>
      )}
      remove={(shown) => deleteTask(shown.id)}
      onDeleted={(shown) => {
        queryClient.removeQueries({ queryKey: tasksKeys.task(shown.id) });
        void queryClient.invalidateQueries({ queryKey: tasksKeys.all });
        void queryClient.invalidateQueries({ queryKey: runsKeys.recent() });
        notify.success("Success", "Task deleted successfully");
      }}
      onFailed={() => notify.error("Error", "Failed to delete task. Please try again.")}
      onClose={onClose}
    />
  );
}
