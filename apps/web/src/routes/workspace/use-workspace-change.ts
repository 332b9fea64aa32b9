import { useQueryClient } from "@tanstack/react-query";
import { workspacesQueryKey } from "../../api/workspaces";
import { notify } from "../../components/ui/notify";
import { useSubmit } from "../../components/ui/use-submit";

/**
 * A change to the workspace's settings sent from its form: once saved, the workspaces are read
 * again and `done` is said; a refusal shows on the form, the API's words first.
 */
export function useWorkspaceChange<B>(action: (body: B) => Promise<unknown>, words: { done: string; failed: string }) {
  const queryClient = useQueryClient();
  return useSubmit({
    action,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: workspacesQueryKey });
      notify.success(words.done);
    },
    failure: { message: words.failed, apiMessage: true, show: "form" },
  });
}
