import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Globe, Square } from "lucide-react";
import type { Run } from "@errand/contract";
import { accountQueryOptions } from "../../api/account";
import { ApiRequestError } from "../../api/http";
import { cancelRun, makeRunPublic, runsKeys } from "../../api/runs";
import { tasksKeys } from "../../api/tasks";
import { ViewDemoLink } from "../../components/demo/view-demo-link";
import { ActionButton } from "../../components/ui/action-button";
import { notify } from "../../components/ui/notify";
import { useSubmit } from "../../components/ui/use-submit";
import { useCan } from "../../workspaces/use-workspace-allows";
import { ShareRunButton } from "./share-run-button";

/** Cancel run (pending) and Make Public (admins), with the spec's toasts. */
function useRunActions(taskId: string, run: Run, refetch: () => void) {
  const queryClient = useQueryClient();
  return useSubmit({
    action: async (action: "cancel" | "public") => {
      if (action === "cancel") return queryClient.setQueryData(runsKeys.run(run.id), await cancelRun(run.id));
      await makeRunPublic(run.id);
      queryClient.setQueryData<Run>(runsKeys.run(run.id), (data) => (data ? { ...data, public: true } : data));
    },
    onSuccess: (_, action) => {
      if (action === "public") return notify.success("Success", "Task run has been made public successfully!");
      void queryClient.invalidateQueries({ queryKey: tasksKeys.runs(taskId) });
      notify.success("Run cancelled", "The agent has been stopped.");
    },
    failure: (error, action) => {
      if (action === "public") return { message: "Failed to make task run public. Please try again." };
      refetch();
      const ended = error instanceof ApiRequestError && error.status === 409;
      return { message: ended ? "The run had already ended." : "Failed to cancel the run. Please try again." };
    },
  });
}

/**
 * Beside the run's heading: Cancel run, Share, and for admins Make Public or View Demo. A role that
 * may only read gets none of the changes (the viewer notice under the tabs says why); an admin's
 * View Demo is a link, and stays.
 */
export function RunHeaderActions({ taskId, run, refetch }: { taskId: string; run: Run; refetch: () => void }) {
  const account = useQuery(accountQueryOptions);
  const actions = useRunActions(taskId, run, refetch);
  const admin = account.data?.isAdmin === true;
  const canRun = useCan("run");
  if (!canRun) return admin && run.public ? <ViewDemoLink runId={run.id} /> : null;
  return (
    <div className="flex flex-wrap gap-2">
      {run.status === "pending" ? (
        <ActionButton variant="outline" size="sm" actions={actions} action="cancel" icon={<Square aria-hidden="true" />}>
          Cancel run
        </ActionButton>
      ) : null}
      <ShareRunButton runId={run.id} />
      {admin && !run.public ? (
        <ActionButton variant="outline" size="sm" actions={actions} action="public" icon={<Globe aria-hidden="true" />}>
          Make Public
        </ActionButton>
      ) : null}
      {admin && run.public ? <ViewDemoLink runId={run.id} /> : null}
    </div>
  );
}
