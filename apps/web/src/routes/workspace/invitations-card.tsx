import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { MailPlus, X } from "lucide-react";
import type { Workspace } from "@errand/contract";
import { invitationsQueryOptions, revokeInvitation } from "../../api/workspaces";
import { ActionButton } from "../../components/ui/action-button";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { notify } from "../../components/ui/notify";
import { EmptyNote, QueryStates } from "../../components/ui/query-states";
import { Skeleton } from "../../components/ui/skeleton";
import { keepFocusThroughRemoval } from "../../components/ui/focus-place";
import { useSubmit } from "../../components/ui/use-submit";
import { formatDate } from "../../lib/format/display-format";
import { ROLE_LABELS } from "../../workspaces/role-labels";
import { InviteDialog } from "./invite-dialog";

/** Pending invitations with Revoke, and "Invite" (owners and admins only: the page shows this card to them). */
export function InvitationsCard({ workspace }: { workspace: Workspace }) {
  const options = invitationsQueryOptions(workspace.id);
  const invitations = useQuery(options);
  const [inviting, setInviting] = useState(false);
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: options.queryKey });
  const revoke = useSubmit({
    action: (invitationId: string) => revokeInvitation(workspace.id, invitationId),
    onSuccess: () => {
      // The row leaves when the list is read again: focus goes on to the next one (ADR 0058).
      keepFocusThroughRemoval();
      refresh();
      notify.success("Invitation revoked", "Its link no longer works.");
    },
    failure: () => {
      refresh();
      return { message: "Failed to revoke the invitation. Please try again.", apiMessage: true };
    },
  });
  return (
    <Card className="mt-6">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle className="text-lg">Invitations</CardTitle>
          <CardDescription>Links sent by e-mail work once, for 7 days.</CardDescription>
        </div>
        <Button onClick={() => setInviting(true)}>
          <MailPlus aria-hidden="true" />
          Invite
        </Button>
      </CardHeader>
      <CardContent>
        <QueryStates
          query={invitations}
          loading={<Skeleton className="h-16 w-full" />}
          failed="The invitations could not be loaded."
          empty={<EmptyNote>No pending invitations.</EmptyNote>}
        >
          {(list) => (
            <ul className="divide-y" aria-label="Pending invitations">
              {list.map((invitation) => (
                <li key={invitation.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center">
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">{invitation.email}</p>
                    <p className="text-sm text-muted-foreground">
                      {ROLE_LABELS[invitation.role]} · expires {formatDate(invitation.expires_at)}
                    </p>
                  </div>
                  <ActionButton
                    variant="outline"
                    size="sm"
                    actions={revoke}
                    action={invitation.id}
                    icon={<X aria-hidden="true" />}
                    aria-label={`Revoke the invitation of ${invitation.email}`}
                  >
                    Revoke
                  </ActionButton>
                </li>
              ))}
            </ul>
          )}
        </QueryStates>
      </CardContent>
      {inviting ? <InviteDialog workspace={workspace} onClose={() => setInviting(false)} /> : null}
    </Card>
  );
}
