import type { ReactNode } from "react";
import { BusyButton } from "../../components/ui/busy-button";
import { Form } from "../../components/ui/form";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import type { Submit } from "../../components/ui/use-submit";

interface AuthFormProps {
  submit: Pick<Submit<never>, "busy" | "refusals">;
  onSubmit: (form: HTMLFormElement) => void;
  submitLabel: string;
  /** The button's label while busy (e.g. "Sending..."). */
  busyLabel?: string;
  /** Login and signup leave empty required fields to the browser's own check. */
  noValidate?: boolean;
  onFocus?: () => void;
  /** The fields. */
  children: ReactNode;
}

/** The form of the account screens (login, signup, forgot and reset password): fields, then one full-width button. */
export function AuthForm({ submit, onSubmit, submitLabel, busyLabel, noValidate, onFocus, children }: AuthFormProps) {
  return (
    <Form submit={submit} onSubmit={onSubmit} noValidate={noValidate} onFocus={onFocus} className="grid gap-5">
      {children}
      <BusyButton type="submit" className="w-full" busy={submit.busy} busyLabel={busyLabel}>
        {submitLabel}
      </BusyButton>
    </Form>
  );
}

interface EmailFieldProps {
  id?: string;
  error?: string;
  defaultValue?: string;
  required?: boolean;
}

/** "Email", with the browser's email keyboard and autofill. */
export function EmailField({ id = "email", error, defaultValue, required = true }: EmailFieldProps) {
  return (
    <FormField id={id} label="Email" error={error}>
      <Input name="email" type="email" autoComplete="email" placeholder="you@example.com" defaultValue={defaultValue} required={required} />
    </FormField>
  );
}
