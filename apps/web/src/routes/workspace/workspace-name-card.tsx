import { useQueryClient } from "@tanstack/react-query";
import { WORKSPACE_NAME_MAX, workspaceNameInputSchema, type Workspace } from "@errand/contract";
import { renameWorkspace, workspacesQueryKey } from "../../api/workspaces";
import { BusyButton } from "../../components/ui/busy-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Form, FormMessage } from "../../components/ui/form";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { notify } from "../../components/ui/notify";
import { useSubmit } from "../../components/ui/use-submit";
import { fieldErrorsFromIssues } from "../../lib/forms/form-errors";
import { formText } from "../../lib/forms/form-values";
import { canManage, VIEW_ONLY_REASON } from "./can-manage";

/** The workspace's name: a form for owners and admins, the name and why not for others. */
export function WorkspaceNameCard({ workspace }: { workspace: Workspace }) {
  const queryClient = useQueryClient();
  const rename = useSubmit({
    action: (name: string) => renameWorkspace(workspace.id, name),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: workspacesQueryKey });
      notify.success("Workspace renamed");
    },
    failure: { message: "Failed to rename the workspace. Please try again.", apiMessage: true, show: "form" },
  });
  const allowed = canManage(workspace);
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle className="text-lg">Name</CardTitle>
        <CardDescription>
          {workspace.kind === "personal" ? "Your personal workspace: only you work in it." : "A team workspace."}
          {allowed ? "" : ` ${VIEW_ONLY_REASON}`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          submit={rename}
          aria-label="Workspace name"
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(form) => {
            const parsed = workspaceNameInputSchema.safeParse({ name: formText(form)("name") });
            if (parsed.success) rename.run(parsed.data.name);
            else rename.invalid(fieldErrorsFromIssues(parsed.error.issues));
          }}
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
        <FormMessage message={rename.formError} />
      </CardContent>
    </Card>
  );
}
