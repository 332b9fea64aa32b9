import { useState } from "react";
import { signInWithEmail, signUpWithEmail } from "../../api/auth";
import { BusyButton } from "../../components/ui/busy-button";
import { Form, FormMessage } from "../../components/ui/form";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { notify } from "../../components/ui/notify";
import { useSubmit } from "../../components/ui/use-submit";
import { checkCredentials } from "../auth/load-validation";
import { PasswordInput } from "../auth/password-input";
import { TermsCheckbox } from "../auth/terms-checkbox";

/**
 * For someone signed out: create an account with the invited address (or sign in with it), then
 * `onSignedIn` accepts the invitation.
 */
export function JoinForm({ email, onSignedIn }: { email: string; onSignedIn: () => Promise<void> }) {
  const [mode, setMode] = useState<"signUp" | "signIn">("signUp");
  const [agreed, setAgreed] = useState(false);
  const signingUp = mode === "signUp";
  const join = useSubmit({
    action: async (password: string) => {
      const refused = signingUp && !agreed;
      if (refused) notify.error("Terms Required", "You must agree to the Terms of Service and Privacy Policy.");
      const checked = await checkCredentials({ email, password }, mode, refused);
      await (signingUp ? signUpWithEmail(checked) : signInWithEmail(checked));
    },
    onSuccess: onSignedIn,
    failure: {
      title: signingUp ? "Signup failed" : "Login failed",
      message: signingUp ? "Failed to create account. Please try again." : "Invalid email or password.",
      apiMessage: true,
      show: "form",
    },
  });
  return (
    <div className="mt-6">
      <Form
        submit={join}
        aria-label={signingUp ? "Create an account and join" : "Sign in and join"}
        className="grid gap-4"
        onSubmit={(form) => join.run(String(new FormData(form).get("password") ?? ""))}
      >
        <FormField id="join-email" label="Email" error={join.errors.email}>
          <Input name="email" type="email" value={email} readOnly autoComplete="username" />
        </FormField>
        <FormField id="join-password" label="Password" error={join.errors.password}>
          <PasswordInput id="join-password" name="password" autoComplete={signingUp ? "new-password" : "current-password"} required />
        </FormField>
        {signingUp ? <TermsCheckbox checked={agreed} onChange={setAgreed} /> : null}
        <FormMessage message={join.formError} />
        <BusyButton type="submit" busy={join.busy} className="w-full">
          {signingUp ? "Create account and join" : "Sign in and join"}
        </BusyButton>
      </Form>
      <p className="mt-4 text-center text-sm text-muted-foreground">
        {signingUp ? "Already have an account? " : "No account yet? "}
        <button
          type="button"
          className="font-medium text-primary underline-offset-4 hover:underline"
          onClick={() => setMode(signingUp ? "signIn" : "signUp")}
        >
          {signingUp ? "Sign in" : "Create one"}
        </button>
      </p>
    </div>
  );
}
