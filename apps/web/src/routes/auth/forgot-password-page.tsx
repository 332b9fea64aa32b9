import { PlaceholderPage } from "../../components/layout/placeholder-page";

export function ForgotPasswordPage() {
  return (
    <PlaceholderPage
      title="Forgot Password"
      heading="Forgot password"
      description="Enter your email and we will send you a link to reset your password."
    />
  );
}
