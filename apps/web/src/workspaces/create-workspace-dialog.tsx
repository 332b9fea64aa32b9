import { useQueryClient } from "@tanstack/react-query";
import { WORKSPACE_NAME_MAX } from "@errand/contract";
import { createWorkspace, workspacesQueryKey } from "../api/workspaces";
import { FormDialog } from "../components/ui/form-dialog";
import { FormField } from "../components/ui/form-field";
import { Input } from "../components/ui/input";
import { notify } from "../components/ui/notify";
import { useSubmit } from "../components/ui/use-submit";
import { submitWorkspaceName } from "./submit-workspace-name";
import { setCurrentWorkspace } from "./current-workspace";

/** "Create workspace": a name; the new team workspace becomes the current one. */
export function CreateWorkspaceDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const create = useSubmit({
    action: (name: string) => createWorkspace(name),
    onSuccess: (workspace) => {
      void queryClient.invalidateQueries({ queryKey: workspacesQueryKey });
      onClose();
      notify.success("Workspace created", `You are now in ${workspace.name}.`);
      setCurrentWorkspace(workspace.id);
    },
    failure: { message: "Failed to create the workspace. Please try again.", apiMessage: true, show: "form" },
  });
  return (
    <FormDialog
      onClose={onClose}
      title="Create workspace"
      label="Create workspace"
      description="A team workspace shares tasks, runs, saved logins and credits with the people you invite."
      submit={create}
      onSubmit={(form) => submitWorkspaceName(create, form)}
      submitLabel="Create workspace"
    >
      <FormField id="workspace-name" label="Name" error={create.errors.name}>
        <Input name="name" maxLength={WORKSPACE_NAME_MAX} autoComplete="off" placeholder="Growth team" required />
      </FormField>
    </FormDialog>
  );
}
