import { useState } from "react";
import { Link } from "react-router";
import { MailCheck } from "lucide-react";
import { emailSchema } from "@errand/contract";
import { requestPasswordReset } from "../../api/auth";
import { Button } from "../../components/ui/button";
import { notify } from "../../components/ui/notify";
import { useSubmit } from "../../components/ui/use-submit";
import { formText } from "../../lib/forms/form-values";
import { PageTitle } from "../../lib/page/page-title";
import { AuthCard } from "./auth-card";
import { AuthForm, EmailField } from "./auth-form";

const linkClass = "font-medium text-primary underline-offset-4 hover:underline";

function BackToLogin() {
  return (
    <Link to="/login" className={linkClass}>
      Back to Login
    </Link>
  );
}

/** /forgot-password: asks for a reset link, then shows "Check your email" (spec section 2). */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState(false);
  const send = useSubmit({
    action: (address: string) => requestPasswordReset(address),
    onSuccess: (_, address) => {
      notify.success("Password reset email sent", "Check your email for the reset link.");
      setEmail(address);
      setSent(true);
    },
    failure: { message: "Failed to send reset email. Please try again." },
  });

  function submit(form: HTMLFormElement) {
    const parsed = emailSchema.safeParse(formText(form)("email").trim());
    if (parsed.success) send.run(parsed.data);
    else send.invalid({ email: parsed.error.issues[0]?.message ?? "Please enter a valid email address" });
  }

  if (sent) {
    return (
      <AuthCard heading="Check your email" description="Follow the link in the email to choose a new password." footer={<BackToLogin />}>
        <PageTitle title="Forgot Password" />
        <div className="grid justify-items-center gap-3 text-center" role="status">
          <MailCheck className="size-10 text-primary" aria-hidden="true" />
          <p className="text-sm text-muted-foreground">
            If an account exists for <span className="font-medium break-words text-foreground">{email}</span>, we have sent a link to reset
            your password.
          </p>
          <Button variant="link" className="h-auto p-0" onClick={() => setSent(false)}>
            Use a different email
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      heading="Forgot password"
      description="Enter your email and we will send you a link to reset your password."
      footer={<BackToLogin />}
    >
      <PageTitle title="Forgot Password" />
      <AuthForm submit={send} onSubmit={submit} submitLabel="Send Reset Link" busyLabel="Sending...">
        <EmailField error={send.errors.email} defaultValue={email} />
      </AuthForm>
    </AuthCard>
  );
}
