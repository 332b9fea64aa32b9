import type { ReactNode } from "react";
import { FormField } from "../../components/ui/form-field";
import type { Submit } from "../../components/ui/use-submit";
import { AuthForm, EmailField } from "./auth-form";
import { loadCredentialValidation, readCredentials, type Credentials } from "./load-validation";
import { PasswordInput } from "./password-input";

interface EmailPasswordFormProps {
  /** Which password the browser should fill: the saved one (login) or a new one (signup). */
  password: "current-password" | "new-password";
  submit: Submit<Credentials>;
  /** Shown at the right of the Password label (e.g. "Forgot password?"). */
  passwordAside?: ReactNode;
  submitLabel: string;
  /** More fields before the button (the terms box). */
  children?: ReactNode;
}

/** Email and Password, for login and signup; the contract's checks load on first focus (see load-validation.ts). */
export function EmailPasswordForm({ password, submit, passwordAside, submitLabel, children }: EmailPasswordFormProps) {
  return (
    <AuthForm
      submit={submit}
      onSubmit={(form) => submit.run(readCredentials(form))}
      noValidate={false}
      onFocus={() => void loadCredentialValidation()}
      submitLabel={submitLabel}
    >
      <EmailField error={submit.errors.email} />
      <FormField id="password" label="Password" error={submit.errors.password} aside={passwordAside}>
        <PasswordInput name="password" autoComplete={password} required />
      </FormField>
      {children}
    </AuthForm>
  );
}
