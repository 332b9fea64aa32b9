import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { UserMinus } from "lucide-react";
import { WORKSPACE_ROLES, type Workspace, type WorkspaceMember, type WorkspaceRole } from "@errand/contract";
import { changeMemberRole, membersQueryOptions, removeMember } from "../../api/workspaces";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { notify } from "../../components/ui/notify";
import { EmptyNote, QueryStates } from "../../components/ui/query-states";
import { LabelledOptions, NativeSelect } from "../../components/ui/select";
import { Skeleton } from "../../components/ui/skeleton";
import { useSubmit } from "../../components/ui/use-submit";
import { useCurrentUser } from "../../session/use-session";
import { ROLE_LABELS } from "../../workspaces/role-labels";
import { canManage, VIEW_ONLY_REASON } from "./can-manage";

/** The members with their roles; owners and admins change roles and remove (only owners touch owners). */
export function MembersCard({ workspace }: { workspace: Workspace }) {
  const members = useQuery(membersQueryOptions(workspace.id));
  const [removing, setRemoving] = useState<WorkspaceMember | null>(null);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: membersQueryOptions(workspace.id).queryKey });
  // Read again after each change, refused or not: the list shows what the server holds.
  const role = useSubmit({
    action: (input: { userId: string; role: WorkspaceRole }) => changeMemberRole(workspace.id, input.userId, input.role),
    onSuccess: (member) => {
      void refresh();
      notify.success("Role changed", `${member.email} is now ${ROLE_LABELS[member.role].toLowerCase()}.`);
    },
    failure: () => {
      void refresh();
      return { message: "Failed to change the role. Please try again.", apiMessage: true };
    },
  });
  const remove = useSubmit({
    action: (member: WorkspaceMember) => removeMember(workspace.id, member.user_id),
    onSuccess: (_, member) => {
      void refresh();
      setRemoving(null);
      notify.success("Member removed", `${member.email} no longer has access to this workspace.`);
    },
    failure: () => {
      void refresh();
      return { message: "Failed to remove the member. Please try again.", apiMessage: true };
    },
  });
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle className="text-lg">Members</CardTitle>
        <CardDescription>
          {canManage(workspace) ? "Change a role or remove someone: it applies at once." : VIEW_ONLY_REASON}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryStates
          query={members}
          loading={<Skeleton className="h-24 w-full" />}
          failed="The members could not be loaded."
          empty={<EmptyNote>No members.</EmptyNote>}
        >
          {(list) => (
            <ul className="divide-y" aria-label="Members">
              {list.map((member) => (
                <MemberRow
                  key={member.user_id}
                  workspace={workspace}
                  member={member}
                  busy={role.busy || remove.busy}
                  onRole={(next) => role.run({ userId: member.user_id, role: next })}
                  onRemove={() => setRemoving(member)}
                />
              ))}
            </ul>
          )}
        </QueryStates>
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        title="Remove member?"
        description={`${removing?.email ?? ""} loses access to ${workspace.name} at once. What they made stays in the workspace.`}
        confirmLabel="Remove"
        destructive
        busy={remove.busy}
        onConfirm={() => (removing ? remove.run(removing) : undefined)}
        onCancel={() => setRemoving(null)}
      />
    </Card>
  );
}

interface MemberRowProps {
  workspace: Workspace;
  member: WorkspaceMember;
  busy: boolean;
  onRole: (role: WorkspaceRole) => void;
  onRemove: () => void;
}

function MemberRow({ workspace, member, busy, onRole, onRemove }: MemberRowProps) {
  const me = useCurrentUser();
  const isMe = me?.id === member.user_id;
  // Only owners make, change or remove owners; nobody changes themselves here (leaving is below).
  const editable = workspace.kind === "team" && canManage(workspace) && !isMe && (member.role !== "owner" || workspace.role === "owner");
  const roles = WORKSPACE_ROLES.filter((r) => r !== "owner" || workspace.role === "owner");
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">
          {member.name || member.email}
          {isMe ? <span className="text-muted-foreground"> (you)</span> : null}
        </p>
        <p className="truncate text-sm text-muted-foreground">{member.email}</p>
      </div>
      {editable ? (
        <div className="flex items-center gap-2">
          <div className="w-36">
            <NativeSelect
              aria-label={`Role of ${member.email}`}
              value={member.role}
              // aria-disabled, not disabled: the browser would take focus from the select just changed (ADR 0058).
              aria-disabled={busy || undefined}
              onChange={(event) => (busy ? undefined : onRole(event.target.value as WorkspaceRole))}
            >
              <LabelledOptions values={roles} labels={ROLE_LABELS} />
            </NativeSelect>
          </div>
          <Button variant="outline" size="sm" onClick={onRemove} disabled={busy} aria-label={`Remove ${member.email}`}>
            <UserMinus aria-hidden="true" />
            Remove
          </Button>
        </div>
      ) : (
        <span className="text-sm text-muted-foreground">{ROLE_LABELS[member.role]}</span>
      )}
    </li>
  );
}
