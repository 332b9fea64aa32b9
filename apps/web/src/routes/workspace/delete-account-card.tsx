import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { deleteAccount } from "../../api/workspace";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { FormDialog } from "../../components/ui/form-dialog";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { useSubmit } from "../../components/ui/use-submit";
import { formText } from "../../lib/forms/form-values";
import { useCurrentUser } from "../../session/use-session";
import { clearLocalSession, forgetUserData } from "../../session/session-cache";

/** The danger zone of the personal workspace's settings: delete the account (DELETE /account). */
export function DeleteAccountCard() {
  const [asking, setAsking] = useState(false);
  return (
    <Card className="mt-6 border-destructive/40">
      <CardHeader>
        <CardTitle className="text-lg">Delete account</CardTitle>
        <CardDescription>
          Deletes your personal workspace with everything in it, and takes you out of every team workspace. What you made in team workspaces
          stays there.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setAsking(true)}>
          <Trash2 aria-hidden="true" />
          Delete account
        </Button>
      </CardContent>
      {asking ? <DeleteAccountDialog onClose={() => setAsking(false)} /> : null}
    </Card>
  );
}

/**
 * Asks for the account's e-mail to be typed before deleting it; a refusal (the last owner of a
 * team workspace, 409) is said in the dialog in the server's words. Once deleted the session is
 * gone: the local one is cleared and the person lands on the home page, signed out.
 */
function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const me = useCurrentUser();
  const queryClient = useQueryClient();
  const email = me?.email ?? "";
  const remove = useSubmit({
    action: () => deleteAccount(),
    onSuccess: async () => {
      await clearLocalSession(queryClient);
      forgetUserData(queryClient);
      // A full load of the home page: the signed-in pages would send a person with no session to
      // /login first, and nothing of the deleted account stays in memory.
      window.location.replace("/");
    },
    failure: { message: "Failed to delete the account. Please try again.", apiMessage: true, show: "form" },
  });
  return (
    <FormDialog
      onClose={onClose}
      title="Delete your account?"
      label="Delete account"
      description="Your personal workspace's tasks, runs, saved logins, credentials, files, webhooks and schedules are deleted. This cannot be undone."
      submit={remove}
      onSubmit={(form) => {
        const typed = formText(form)("confirm-email").trim().toLowerCase();
        if (typed === email.toLowerCase()) remove.run();
        else remove.invalid({ "confirm-email": `Type ${email} to confirm` });
      }}
      submitLabel="Delete account"
      submitIcon={<Trash2 aria-hidden="true" />}
      destructive
    >
      <FormField id="delete-account-email" label={`Type your e-mail (${email}) to confirm`} error={remove.errors["confirm-email"]}>
        <Input name="confirm-email" type="email" autoComplete="off" required />
      </FormField>
    </FormDialog>
  );
}
