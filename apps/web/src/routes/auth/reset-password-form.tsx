import { useNavigate } from "react-router";
import { resetPassword } from "../../api/auth";
import { FormField } from "../../components/ui/form-field";
import { notify } from "../../components/ui/notify";
import { useSubmit } from "../../components/ui/use-submit";
import { fieldErrorsFromServer } from "../../lib/forms/form-errors";
import { formText } from "../../lib/forms/form-values";
import { AuthForm } from "./auth-form";
import { PasswordInput } from "./password-input";
import { isInvalidTokenError, validateResetForm } from "./validate-reset";

/** "New Password" and "Confirm Password" for a verified reset link; then /login. */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const update = useSubmit({
    action: (password: string) => resetPassword({ newPassword: password, token }),
    onSuccess: async () => {
      notify.success("Password updated successfully");
      await navigate("/login", { replace: true });
    },
    failure: (error) => {
      // The link itself is used or expired: ask for a new one.
      if (isInvalidTokenError(error)) void navigate("/forgot-password", { replace: true });
      return { title: "Error updating password", message: "Failed to update password. Please try again.", apiMessage: true };
    },
    fields: (error) => (isInvalidTokenError(error) ? {} : { password: fieldErrorsFromServer(error).newPassword }),
  });

  function submit(form: HTMLFormElement) {
    const text = formText(form);
    const result = validateResetForm(text("password"), text("confirmPassword"));
    if (result.ok) return update.run(result.password);
    update.invalid(result.errors);
    notify.error(result.toast.title, result.toast.description);
  }

  return (
    <AuthForm submit={update} onSubmit={submit} submitLabel="Update Password" busyLabel="Updating...">
      <FormField id="new-password" label="New Password" error={update.errors.password}>
        <PasswordInput name="password" autoComplete="new-password" required />
      </FormField>
      <FormField id="confirm-password" label="Confirm Password" error={update.errors.confirmPassword}>
        <PasswordInput name="confirmPassword" autoComplete="new-password" required />
      </FormField>
    </AuthForm>
  );
}
