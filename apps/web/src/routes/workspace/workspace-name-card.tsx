import { WORKSPACE_NAME_MAX, type Workspace } from "@errand/contract";
import { renameWorkspace } from "../../api/workspaces";
import { BusyButton } from "../../components/ui/busy-button";
import { Form } from "../../components/ui/form";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { submitWorkspaceName } from "../../workspaces/submit-workspace-name";
import { canManage } from "./can-manage";
import { useWorkspaceChange } from "./use-workspace-change";
import { WorkspaceSettingCard } from "./workspace-setting-card";

/** The workspace's name: a form for owners and admins, the name and why not for others. */
export function WorkspaceNameCard({ workspace }: { workspace: Workspace }) {
  const rename = useWorkspaceChange((name: string) => renameWorkspace(workspace.id, name), {
    done: "Workspace renamed",
    failed: "Failed to rename the workspace. Please try again.",
  });
  const allowed = canManage(workspace);
  const description = workspace.kind === "personal" ? "Your personal workspace: only you work in it." : "A team workspace.";
  return (
    <WorkspaceSettingCard title="Name" description={description} allowed={allowed} formError={rename.formError}>
      <Form
        submit={rename}
        aria-label="Workspace name"
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(form) => submitWorkspaceName(rename, form)}
      >
        <FormField id="workspace-settings-name" label="Workspace name" error={rename.errors.name} className="flex-1">
          <Input name="name" defaultValue={workspace.name} maxLength={WORKSPACE_NAME_MAX} disabled={!allowed} required />
        </FormField>
        {allowed ? (
          <BusyButton type="submit" busy={rename.busy}>
            Save
          </BusyButton>
        ) : null}
      </Form>
    </WorkspaceSettingCard>
  );
}
