import { PageTitle } from "../../lib/page/page-title";
import { PageSpinner } from "../../components/ui/spinner";
import { LoadError } from "../../components/ui/load-error";
import { RoleNote } from "../../workspaces/role-note";
import { useWorkspaces } from "../../workspaces/use-workspaces";
import { AuditLogCard } from "./audit-log-card";
import { canManage } from "./can-manage";
import { DeleteAccountCard } from "./delete-account-card";
import { InvitationsCard } from "./invitations-card";
import { LeaveOrDeleteCard } from "./leave-or-delete-card";
import { MembersCard } from "./members-card";
import { PermissionsCard } from "./permissions-card";
import { WorkspaceNameCard } from "./workspace-name-card";
import { WorkspaceRunsCard } from "./workspace-runs-card";

/**
 * /workspace: the current workspace's name, its runs' default allowed domains and recording retention, members, pending invitations, the permission table,
 * and leave or delete; in the personal workspace, whose settings are the account's, delete the account.
 */
export function WorkspaceSettingsPage() {
  const { workspaces, current } = useWorkspaces();
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <PageTitle title="Workspace settings" />
      <h1 className="text-3xl font-bold tracking-tight">Workspace settings</h1>
      <p className="mt-2 text-muted-foreground">Who works in this workspace, and what each role may do.</p>
      {workspaces.isError ? (
        <LoadError className="mt-6" message="Your workspaces could not be loaded." query={workspaces} />
      ) : !current ? (
        <PageSpinner />
      ) : (
        <>
          <WorkspaceNameCard workspace={current} />
          <WorkspaceRunsCard key={current.id} workspace={current} />
          <MembersCard workspace={current} />
          {current.kind === "team" && canManage(current) ? <InvitationsCard workspace={current} /> : null}
          {canManage(current) ? null : <RoleNote operation="manage" what="invite people and read the audit log" className="mt-6" />}
          <PermissionsCard role={current.role} />
          {canManage(current) ? <AuditLogCard /> : null}
          {current.kind === "team" ? <LeaveOrDeleteCard workspace={current} /> : <DeleteAccountCard />}
        </>
      )}
    </div>
  );
}
