import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { resetPassword } from "../../api/auth";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { fieldErrorsFromServer, serverMessageOr } from "../../lib/forms/form-errors";
import { notify } from "../../components/ui/notify";
import { errorProps, FormField } from "./form-field";
import { PasswordInput } from "./password-input";
import { isInvalidTokenError, validateResetForm, type ResetFormErrors } from "./validate-reset";

/** "New Password" and "Confirm Password" for a verified reset link; then /login. */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [errors, setErrors] = useState<ResetFormErrors>({});
  const [submitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const result = validateResetForm(String(data.get("password") ?? ""), String(data.get("confirmPassword") ?? ""));
    if (!result.ok) {
      setErrors(result.errors);
      notify.error(result.toast.title, result.toast.description);
      form.querySelector<HTMLInputElement>(result.errors.password ? "#new-password" : "#confirm-password")?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await resetPassword({ newPassword: result.password, token });
    } catch (error) {
      notify.error("Error updating password", serverMessageOr(error, "Failed to update password. Please try again."));
      setSubmitting(false);
      if (isInvalidTokenError(error)) {
        await navigate("/forgot-password", { replace: true });
        return;
      }
      setErrors({ password: fieldErrorsFromServer(error).newPassword });
      return;
    }
    notify.success("Password updated successfully");
    await navigate("/login", { replace: true });
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="grid gap-5">
      <FormField id="new-password" label="New Password" error={errors.password}>
        <PasswordInput
          id="new-password"
          name="password"
          autoComplete="new-password"
          required
          {...errorProps("new-password", errors.password)}
        />
      </FormField>
      <FormField id="confirm-password" label="Confirm Password" error={errors.confirmPassword}>
        <PasswordInput
          id="confirm-password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          {...errorProps("confirm-password", errors.confirmPassword)}
        />
      </FormField>
      <Button type="submit" className="w-full" disabled={submitting} aria-busy={submitting}>
        {submitting ? <Spinner /> : null}
        {submitting ? "Updating..." : "Update Password"}
      </Button>
    </form>
  );
}
