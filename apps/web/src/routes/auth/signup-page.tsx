import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { Gift } from "lucide-react";
import { FREE_PROMPTS_AT_SIGNUP } from "@errand/contract";
import { signUpWithEmail } from "../../api/auth";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { fieldErrorsFromServer, serverMessageOr, type FieldErrors } from "../../lib/forms/form-errors";
import { notify } from "../../components/ui/notify";
import { PageTitle } from "../../lib/page/page-title";
import { refreshSession } from "../../session/session-cache";
import { AuthCard } from "./auth-card";
import { errorProps, FormField } from "./form-field";
import { loadCredentialValidation, readCredentials } from "./load-validation";
import { PasswordInput } from "./password-input";
import { ProviderButtons } from "./provider-buttons";
import { TermsCheckbox } from "./terms-checkbox";

/** /signup: email and password sign-up with the terms box (spec section 2, "Signup"). */
export function SignupPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const values = readCredentials(event.currentTarget);
    setSubmitting(true);
    try {
      const { validateSignUp } = await loadCredentialValidation();
      const result = validateSignUp(values);
      setErrors(result.ok ? {} : result.errors);
      if (!agreed) notify.error("Terms Required", "You must agree to the Terms of Service and Privacy Policy.");
      if (!agreed || !result.ok) {
        setSubmitting(false);
        return;
      }
      await signUpWithEmail({ email: result.data.email, password: result.data.password });
    } catch (error) {
      setErrors(fieldErrorsFromServer(error));
      notify.error("Signup failed", serverMessageOr(error, "Failed to create account. Please try again."));
      setSubmitting(false);
      return;
    }
    // Signing up normally signs the person in: telling them they "can now log in" would
    // contradict the dashboard they land on. The spec's words stay for when it is true.
    const session = await refreshSession(queryClient).catch(() => null);
    if (session) {
      notify.success("Account created successfully", `You are signed in, with ${FREE_PROMPTS_AT_SIGNUP} free prompts to start.`);
      await navigate("/dashboard", { replace: true });
    } else {
      notify.success("Account created successfully", "You can now log in with your credentials.");
      await navigate("/login", { replace: true });
    }
  }

  return (
    <AuthCard
      heading="Create an account"
      description="Describe a web task in plain language and let an AI agent do it for you."
      footer={
        <p>
          Already have an account?{" "}
          <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            Log in
          </Link>
        </p>
      }
    >
      <PageTitle title="Sign Up" />
      <p className="mb-5 flex items-center justify-center gap-2 rounded-lg bg-accent px-3 py-2 text-sm font-medium text-accent-foreground">
        <Gift className="size-4 shrink-0" aria-hidden="true" />
        Get {FREE_PROMPTS_AT_SIGNUP} free prompts when you sign up
      </p>
      <form
        onSubmit={(event) => void handleSubmit(event)}
        onFocus={() => void loadCredentialValidation()}
        className="grid gap-5"
      >
        <FormField id="email" label="Email" error={errors.email}>
          <Input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            required
            {...errorProps("email", errors.email)}
          />
        </FormField>
        <FormField id="password" label="Password" error={errors.password}>
          <PasswordInput
            id="password"
            name="password"
            autoComplete="new-password"
            required
            {...errorProps("password", errors.password)}
          />
        </FormField>
        <TermsCheckbox checked={agreed} onChange={setAgreed} />
        <Button type="submit" className="w-full" disabled={submitting} aria-busy={submitting}>
          {submitting ? <Spinner /> : null}
          Create account
        </Button>
      </form>
      <ProviderButtons />
    </AuthCard>
  );
}
