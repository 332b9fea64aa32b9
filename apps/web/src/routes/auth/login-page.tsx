import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { signInWithEmail } from "../../api/auth";
import { notify } from "../../components/ui/notify";
import { useSubmit } from "../../components/ui/use-submit";
import { PageTitle } from "../../lib/page/page-title";
import { refreshSession } from "../../session/session-cache";
import { AuthCard } from "./auth-card";
import { EmailPasswordForm } from "./email-password-form";
import { checkCredentials, type Credentials } from "./load-validation";
import { ProviderButtons } from "./provider-buttons";

/**
 * The forgot-password page is its own chunk. Loaded ahead (when the browser is idle, or on
 * pointing at the link), the link opens it at once: while a page's chunk loads, React keeps the
 * login form on screen under the new address, and what is typed there would be lost.
 */
const preloadForgotPassword = () => void import("./forgot-password-page");

/** Signs in with the contract's checks first; then the spec's toast, the session, and the dashboard. */
function useSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useSubmit({
    action: async (values: Credentials) => signInWithEmail(await checkCredentials(values, "signIn")),
    onSuccess: async () => {
      notify.success("Login successful", "Redirecting to dashboard...");
      // Signed in whatever this read says: the dashboard reads the session again if it failed.
      await refreshSession(queryClient).catch(() => null);
      await navigate("/dashboard", { replace: true });
    },
    failure: { title: "Login failed", message: "Failed to sign in. Please try again.", apiMessage: true },
  });
}

/** /login: email and password sign-in (spec section 2, "Login"). */
export function LoginPage() {
  const signIn = useSignIn();
  useEffect(() => {
    const idle = window.requestIdleCallback?.(preloadForgotPassword) ?? window.setTimeout(preloadForgotPassword, 1500);
    return () => (window.cancelIdleCallback ? window.cancelIdleCallback(idle) : window.clearTimeout(idle));
  }, []);

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
      <EmailPasswordForm
        password="current-password"
        submit={signIn}
        submitLabel="Login"
        passwordAside={
          <Link
            to="/forgot-password"
            className="text-sm text-primary underline-offset-4 hover:underline"
            onPointerEnter={preloadForgotPassword}
            onFocus={preloadForgotPassword}
          >
            Forgot password?
          </Link>
        }
      />
      <ProviderButtons />
    </AuthCard>
  );
}
