import { useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { AuthSession } from "@errand/contract";
import {
  authContextQueryOptions,
  closeAuthSessionOnExit,
  createRelogInSession,
  invalidateAuthContexts,
  replaceAuthContextState,
} from "../../api/auth-contexts";
import { ApiRequestError } from "../../api/http";
import { Button } from "../../components/ui/button";
import { LoadError } from "../../components/ui/load-error";
import { notify } from "../../components/ui/notify";
import { Skeleton } from "../../components/ui/skeleton";
import { Spinner } from "../../components/ui/spinner";
import { urlHost } from "./auth-context-form";
import { AuthContextPageFrame } from "./auth-context-page-frame";
import { LoginStep } from "./login-step";
import { savedLoginPage } from "./saved-login-role-gate";
import { useOpenSession } from "./use-open-session";

type Phase = { kind: "opening" } | { kind: "open"; session: AuthSession; saving: boolean } | { kind: "failed"; message: string };

const serverMessage = (error: unknown) =>
  error instanceof ApiRequestError && error.status !== 500 ? (error.serverMessage ?? undefined) : undefined;

/** The live browser with the saved login loaded, opened again by Try again / Start again; Finish saves it in place. */
function useRelogIn(id: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>({ kind: "opening" });
  const [attempt, setAttempt] = useState(0);
  const openSession = useOpenSession();

  useEffect(() => {
    let current = true;
    createRelogInSession(id).then(
      (session) => {
        if (!current) return closeAuthSessionOnExit(session.id);
        openSession.hold(session.id);
        setPhase({ kind: "open", session, saving: false });
      },
      (error: unknown) => {
        if (current)
          setPhase({ kind: "failed", message: serverMessage(error) ?? "Failed to create the browsing session. Please try again." });
      },
    );
    return () => {
      current = false;
      openSession.closeOnExit();
    };
  }, [id, attempt, openSession]);

  async function finish() {
    if (phase.kind !== "open" || phase.saving) return;
    const { session } = phase;
    setPhase({ ...phase, saving: true });
    // While saving, the save owns the session: leaving now must not close it under the save.
    openSession.release();
    try {
      await replaceAuthContextState(id, session.id);
      void invalidateAuthContexts(queryClient);
      notify.success("Authentication context updated successfully");
      void navigate("/auth-contexts");
    } catch (error) {
      openSession.hold(session.id);
      setPhase({ kind: "open", session, saving: false });
      notify.error("Failed to update authentication context. Please try again.", serverMessage(error));
    }
  }

  return {
    phase,
    finish,
    restart: () => {
      setPhase({ kind: "opening" });
      setAttempt((n) => n + 1);
    },
    cancel: () => {
      openSession.close();
      void navigate("/auth-contexts");
    },
  };
}

/**
 * /auth-contexts/:id/login, "Log in again": a live browser on the saved login's site with its
 * saved state loaded; Finish replaces the saved state in the same auth context (tasks that use
 * it need no change), Cancel closes the browser. Leaving the page closes it too (best effort).
 */
export const RelogInPage = savedLoginPage("Log In Again", "Log in again", RelogIn);

function RelogIn() {
  const { id = "" } = useParams();
  const context = useQuery(authContextQueryOptions(id));
  const relogIn = useRelogIn(id);
  const { phase } = relogIn;
  const name = context.data?.name ?? "";
  const url = context.data?.urls[0] ?? "";
  const notFound = context.error instanceof ApiRequestError && (context.error.status === 404 || context.error.status === 400);

  let body;
  if (notFound) body = <NotFound />;
  else if (context.isError) body = <LoadError message="This auth context could not be loaded." query={context} />;
  else if (phase.kind === "failed") body = <OpenFailed message={phase.message} onCancel={relogIn.cancel} onRetry={relogIn.restart} />;
  else if (phase.kind === "opening" || !context.data) body = <Opening />;
  else
    body = (
      <LoginStep
        key={phase.session.id}
        values={{ name, url }}
        session={phase.session}
        saving={phase.saving}
        onBack={relogIn.cancel}
        onFinish={() => void relogIn.finish()}
        relogIn
        onRestart={relogIn.restart}
      />
    );

  return (
    <AuthContextPageFrame
      title="Log In Again"
      heading="Log in again"
      description={
        context.data ? (
          <>
            Refresh the saved login <span className="font-medium text-foreground">&ldquo;{name}&rdquo;</span> for {urlHost(url)}: the
            browser opens with it, you sign in again, and Finish saves the new login in its place.
          </>
        ) : (
          "Refresh a saved login: the browser opens with it, you sign in again, and Finish saves the new login in its place."
        )
      }
    >
      {body}
    </AuthContextPageFrame>
  );
}

function NotFound() {
  return (
    <div className="grid justify-items-start gap-3 text-sm text-muted-foreground">
      <p>This auth context could not be found. It may have been deleted.</p>
      <Button asChild variant="outline" size="sm">
        <Link to="/auth-contexts">Back to Auth Contexts</Link>
      </Button>
    </div>
  );
}

function OpenFailed({ message, onCancel, onRetry }: { message: string; onCancel: () => void; onRetry: () => void }) {
  return (
    <div className="grid justify-items-start gap-3 text-sm">
      <p role="alert">{message}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button size="sm" onClick={onRetry}>
          Try again
        </Button>
      </div>
    </div>
  );
}

function Opening() {
  return (
    <div className="grid gap-4" role="status" aria-label="Opening the browser">
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        Opening the browser…
      </p>
      <Skeleton className="h-[min(70dvh,720px)] w-full" />
    </div>
  );
}
