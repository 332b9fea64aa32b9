import { useEffect, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { signInWithEmail } from "../../api/auth";
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

/** /login: email and password sign-in (spec section 2, "Login"). */
/**
 * The forgot-password page is its own chunk. Loaded ahead (when the browser is idle, or on
 * pointing at the link), the link opens it at once: while a page's chunk loads, React keeps the
 * login form on screen under the new address, and what is typed there would be lost.
 */
const preloadForgotPassword = () => void import("./forgot-password-page");

export function LoginPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  useEffect(() => {
    const idle = window.requestIdleCallback?.(preloadForgotPassword) ?? window.setTimeout(preloadForgotPassword, 1500);
    return () => (window.cancelIdleCallback ? window.cancelIdleCallback(idle) : window.clearTimeout(idle));
  }, []);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const values = readCredentials(event.currentTarget);
    setSubmitting(true);
    try {
      const { validateSignIn } = await loadCredentialValidation();
      const result = validateSignIn(values);
      setErrors(result.ok ? {} : result.errors);
      if (!result.ok) {
        setSubmitting(false);
        return;
      }
      await signInWithEmail(result.data);
    } catch (error) {
      setErrors(fieldErrorsFromServer(error));
      notify.error("Login failed", serverMessageOr(error, "Failed to sign in. Please try again."));
      setSubmitting(false);
      return;
    }
    notify.success("Login successful", "Redirecting to dashboard...");
    // Signed in whatever this read says: the dashboard reads the session again if it failed.
    await refreshSession(queryClient).catch(() => null);
    await navigate("/dashboard", { replace: true });
  }

  return (
    <AuthCard
      heading="Login"
      description="Enter your email and password to access your account."
      footer={
        <p>
          Don&apos;t have an account?{" "}
          <Link to="/signup" className="font-medium text-primary underline-offset-4 hover:underline">
            Sign up
          </Link>
        </p>
      }
    >
      <PageTitle title="Login" />
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
        <FormField
          id="password"
          label="Password"
          error={errors.password}
          aside={
            <Link
              to="/forgot-password"
              className="text-sm text-primary underline-offset-4 hover:underline"
              onPointerEnter={preloadForgotPassword}
              onFocus={preloadForgotPassword}
            >
              Forgot password?
            </Link>
          }
        >
          <PasswordInput
            id="password"
            name="password"
            autoComplete="current-password"
            required
            {...errorProps("password", errors.password)}
          />
        </FormField>
        <Button type="submit" className="w-full" disabled={submitting} aria-busy={submitting}>
          {submitting ? <Spinner /> : null}
          Login
        </Button>
      </form>
      <ProviderButtons />
    </AuthCard>
  );
}
