import { useQueryClient } from "@tanstack/react-query";
import { INVITABLE_ROLES, type InvitationInput, type Workspace } from "@errand/contract";
import { invitationsQueryOptions, inviteMember } from "../../api/workspaces";
import { FormDialog } from "../../components/ui/form-dialog";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { notify } from "../../components/ui/notify";
import { LabelledOptions, NativeSelect } from "../../components/ui/select";
import { useSubmit } from "../../components/ui/use-submit";
import { submitChecked } from "../../lib/forms/checked-submit";
import { formText } from "../../lib/forms/form-values";
import { ROLE_LABELS } from "../../workspaces/role-labels";

/** "Invite": an e-mail address and a role; the link goes by e-mail. */
export function InviteDialog({ workspace, onClose }: { workspace: Workspace; onClose: () => void }) {
  const queryClient = useQueryClient();
  const invite = useSubmit({
    action: (input: InvitationInput) => inviteMember(workspace.id, input),
    onSuccess: (invitation) => {
      void queryClient.invalidateQueries({ queryKey: invitationsQueryOptions(workspace.id).queryKey });
      onClose();
      notify.success("Invitation sent", `We e-mailed ${invitation.email} a link to join ${workspace.name}.`);
    },
    failure: { message: "Failed to send the invitation. Please try again.", apiMessage: true, show: "form" },
  });
  return (
    <FormDialog
      onClose={onClose}
      title="Invite"
      label="Invite"
      description={`They get an e-mail with a link to join ${workspace.name}; they can create an account there.`}
      submit={invite}
      onSubmit={(form) => {
        const text = formText(form);
        void submitChecked(
          invite,
          (s) => s.invitationInputSchema,
          { email: text("email"), role: text("role") },
          (data) => data,
        );
      }}
      submitLabel="Send invitation"
    >
      <FormField id="invite-email" label="Email" error={invite.errors.email}>
        <Input name="email" type="email" autoComplete="off" placeholder="ada@example.com" required />
      </FormField>
      <FormField id="invite-role" label="Role" error={invite.errors.role}>
        <NativeSelect name="role" defaultValue="member">
          <LabelledOptions values={INVITABLE_ROLES} labels={ROLE_LABELS} />
        </NativeSelect>
      </FormField>
    </FormDialog>
  );
}
