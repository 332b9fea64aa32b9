import { PlaceholderPage } from "../../components/layout/placeholder-page";

export function ResetPasswordPage() {
  return (
    <PlaceholderPage
      title="Reset Password"
      heading="Reset password"
      description="Choose a new password for your account."
    />
  );
}
