import type { ReactNode } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { InvitationStatus } from "@errand/contract";
import { ApiRequestError } from "../../api/api-request-error";
import { acceptInvitation, invitationQueryOptions, workspacesQueryKey } from "../../api/workspaces";
import { BusyButton } from "../../components/ui/busy-button";
import { Button } from "../../components/ui/button";
import { LoadError } from "../../components/ui/load-error";
import { notify } from "../../components/ui/notify";
import { PageSpinner } from "../../components/ui/spinner";
import { serverMessageOr } from "../../lib/forms/form-errors";
import { PageTitle } from "../../lib/page/page-title";
import { refreshSession } from "../../session/session-cache";
import { useSession } from "../../session/use-session";
import { useSignOut } from "../../session/use-sign-out";
import { setCurrentWorkspace } from "../../workspaces/current-workspace";
import { ROLE_LABELS } from "../../workspaces/role-labels";
import { AuthCard } from "../auth/auth-card";
import { JoinForm } from "./join-form";

/** /invitations/:token: join a workspace from an e-mailed link; sign up or in with the invited address first if needed. */
export function InvitationPage() {
  const { token = "" } = useParams();
  const invitation = useQuery(invitationQueryOptions(token));
  return (
    <AuthCard heading="Workspace invitation" description="Join a team workspace on Errand.">
      <PageTitle title="Workspace invitation" />
      {invitation.isPending ? (
        <PageSpinner />
      ) : invitation.isError ? (
        invitation.error instanceof ApiRequestError && invitation.error.status === 404 ? (
          <Ended>This invitation link is not valid: it may have been revoked. Ask for a new one.</Ended>
        ) : (
          <LoadError message="The invitation could not be loaded." query={invitation} />
        )
      ) : invitation.data.state === "expired" ? (
        <Ended>This invitation has expired. Ask {invitation.data.invited_by} for a new one.</Ended>
      ) : invitation.data.state === "used" ? (
        <Ended>This invitation has already been used.</Ended>
      ) : (
        <Pending token={token} invitation={invitation.data} />
      )}
    </AuthCard>
  );
}

function Ended({ children }: { children: ReactNode }) {
  return (
    <div className="grid gap-4" role="status">
      <p>{children}</p>
      <Button asChild variant="outline">
        <Link to="/dashboard">Go to the dashboard</Link>
      </Button>
    </div>
  );
}

function Pending({ token, invitation }: { token: string; invitation: InvitationStatus }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { signOut, isSigningOut } = useSignOut();
  const accept = useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: async (workspace) => {
      await queryClient.invalidateQueries({ queryKey: workspacesQueryKey });
      await navigate("/dashboard", { replace: true });
      // Last: the switch renders the pages afresh, in the workspace just joined.
      setCurrentWorkspace(workspace.id);
      notify.success("Welcome", `You joined ${workspace.name} as ${ROLE_LABELS[workspace.role].toLowerCase()}.`);
    },
    onError: (error) => notify.error("Error", serverMessageOr(error, "Failed to accept the invitation. Please try again.")),
  });
  const offer = (
    <p>
      {invitation.invited_by} invited <strong>{invitation.email}</strong> to join <strong>{invitation.workspace_name}</strong> as{" "}
      {ROLE_LABELS[invitation.role].toLowerCase()}.
    </p>
  );
  if (session === undefined) return <PageSpinner />;
  if (session === null) {
    return (
      <div>
        {offer}
        <JoinForm
          email={invitation.email}
          onSignedIn={async () => {
            await refreshSession(queryClient);
            await accept.mutateAsync();
          }}
        />
      </div>
    );
  }
  if (session.user.email.toLowerCase() !== invitation.email) {
    return (
      <div className="grid gap-4">
        {offer}
        <p role="alert">
          You are signed in as {session.user.email}. Sign out, then open this link again and sign in as {invitation.email}.
        </p>
        <Button variant="outline" disabled={isSigningOut} onClick={() => void signOut()}>
          Sign Out
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      {offer}
      <BusyButton busy={accept.isPending} onClick={() => accept.mutate()}>
        Accept invitation
      </BusyButton>
    </div>
  );
}
