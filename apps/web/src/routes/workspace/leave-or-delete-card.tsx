import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { LogOut, Trash2 } from "lucide-react";
import type { Workspace } from "@errand/contract";
import { deleteWorkspace, removeMember, workspacesQueryKey } from "../../api/workspaces";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { notify } from "../../components/ui/notify";
import { useSubmit } from "../../components/ui/use-submit";
import { useCurrentUser } from "../../session/use-session";
import { setCurrentWorkspace } from "../../workspaces/current-workspace";

type Ending = "leave" | "delete";

/** Leave the team workspace (anyone but its last owner), or delete it with everything in it (owners). */
export function LeaveOrDeleteCard({ workspace }: { workspace: Workspace }) {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<Ending | null>(null);
  const end = useSubmit({
    action: (ending: Ending) => (ending === "delete" ? deleteWorkspace(workspace.id) : removeMember(workspace.id, me!.id)),
    onSuccess: async (_, ending) => {
      setAsking(null);
      // First: no request may name the workspace that is gone (it would answer "Workspace not found").
      setCurrentWorkspace(null);
      void queryClient.invalidateQueries({ queryKey: workspacesQueryKey });
      await navigate("/dashboard");
      notify.success(ending === "delete" ? "Workspace deleted" : "You left the workspace", "You are back in your personal workspace.");
    },
    failure: { message: "That did not work. Please try again.", apiMessage: true },
  });
  const owner = workspace.role === "owner";
  return (
    <Card className="mt-6 border-destructive/40">
      <CardHeader>
        <CardTitle className="text-lg">Leave or delete</CardTitle>
        <CardDescription>
          {owner ? "Deleting removes its tasks, runs, saved logins and files for everyone." : "Only owners can delete the workspace."}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        <Button variant="outline" onClick={() => setAsking("leave")}>
          <LogOut aria-hidden="true" />
          Leave
        </Button>
        {owner ? (
          <Button variant="destructive" onClick={() => setAsking("delete")}>
            <Trash2 aria-hidden="true" />
            Delete workspace
          </Button>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={asking !== null}
        title={asking === "delete" ? `Delete ${workspace.name}?` : `Leave ${workspace.name}?`}
        description={
          asking === "delete"
            ? "Its tasks, runs, saved logins, credentials, files, webhooks and schedules are deleted for every member. This cannot be undone."
            : "You lose access at once; someone must invite you again to come back."
        }
        confirmLabel={asking === "delete" ? "Delete workspace" : "Leave"}
        destructive
        busy={end.busy}
        onConfirm={() => (asking ? end.run(asking) : undefined)}
        onCancel={() => setAsking(null)}
      />
    </Card>
  );
}
