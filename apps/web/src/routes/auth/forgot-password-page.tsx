import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { MailCheck } from "lucide-react";
import { emailSchema } from "@errand/contract";
import { requestPasswordReset } from "../../api/auth";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { notify } from "../../components/ui/notify";
import { PageTitle } from "../../lib/page/page-title";
import { AuthCard } from "./auth-card";
import { errorProps, FormField } from "./form-field";

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
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const parsed = emailSchema.safeParse(String(new FormData(event.currentTarget).get("email") ?? "").trim());
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Please enter a valid email address");
      return;
    }
    setError(undefined);
    setSubmitting(true);
    try {
      await requestPasswordReset(parsed.data);
    } catch {
      notify.error("Error", "Failed to send reset email. Please try again.");
      setSubmitting(false);
      return;
    }
    notify.success("Password reset email sent", "Check your email for the reset link.");
    setSubmitting(false);
    setEmail(parsed.data);
    setSent(true);
  }

  if (sent) {
    return (
      <AuthCard heading="Check your email" description="Follow the link in the email to choose a new password." footer={<BackToLogin />}>
        <PageTitle title="Forgot Password" />
        <div className="grid justify-items-center gap-3 text-center" role="status">
          <MailCheck className="size-10 text-primary" aria-hidden="true" />
          <p className="text-sm text-muted-foreground">
            If an account exists for <span className="font-medium break-words text-foreground">{email}</span>, we have sent a
            link to reset your password.
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
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="grid gap-5">
        <FormField id="email" label="Email" error={error}>
          <Input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            defaultValue={email}
            required
            {...errorProps("email", error)}
          />
        </FormField>
        <Button type="submit" className="w-full" disabled={submitting} aria-busy={submitting}>
          {submitting ? <Spinner /> : null}
          {submitting ? "Sending..." : "Send Reset Link"}
        </Button>
      </form>
    </AuthCard>
  );
}
