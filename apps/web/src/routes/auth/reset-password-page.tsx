import { useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { checkResetToken } from "../../api/auth";
import { Spinner } from "../../components/ui/spinner";
import { notify } from "../../components/ui/notify";
import { PageTitle } from "../../lib/page/page-title";
import { AuthCard } from "./auth-card";
import { ResetPasswordForm } from "./reset-password-form";

/**
 * /reset-password?token=...: verifying, then the new-password form (spec sections 2 and 4).
 * No token, `?error=...` (the server found the link bad or expired), a failed check or an
 * unusable token all go back to /forgot-password.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get("token") ?? "";
  const linkUsable = token !== "" && !params.has("error");
  const check = useQuery({
    queryKey: ["password-reset", token],
    queryFn: ({ signal }) => checkResetToken(token, signal),
    enabled: linkUsable,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const invalid = !linkUsable || check.isError || check.data?.valid === false;
  const left = useRef(false);

  useEffect(() => {
    if (!invalid || left.current) return;
    left.current = true;
    notify.error("Invalid reset link", "This password reset link is invalid or has expired. Please request a new one.");
    void navigate("/forgot-password", { replace: true });
  }, [invalid, navigate]);

  if (check.data?.valid !== true) {
    return (
      <div className="flex min-h-[50vh] flex-1 flex-col items-center justify-center gap-3 px-4" role="status">
        <PageTitle title="Reset Password" />
        <Spinner className="size-8 text-primary" />
        <p className="text-sm text-muted-foreground">Verifying reset link</p>
      </div>
    );
  }

  return (
    <AuthCard heading="Reset password" description="Choose a new password for your account.">
      <PageTitle title="Reset Password" />
      <ResetPasswordForm token={token} />
    </AuthCard>
  );
}
