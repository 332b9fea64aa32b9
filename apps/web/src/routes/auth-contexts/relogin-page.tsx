import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronLeft } from "lucide-react";
import type { AuthSession } from "@errand/contract";
import {
  authContextQueryOptions,
  closeAuthSession,
  closeAuthSessionOnExit,
  createRelogInSession,
  invalidateAuthContexts,
  replaceAuthContextState,
} from "../../api/auth-contexts";
import { ApiRequestError } from "../../api/http";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { LoadError } from "../../components/ui/load-error";
import { Skeleton } from "../../components/ui/skeleton";
import { Spinner } from "../../components/ui/spinner";
import { notify } from "../../components/ui/notify";
import { PageTitle } from "../../lib/page/page-title";
import { urlHost } from "./auth-context-form";
import { LoginStep } from "./login-step";

type Phase = { kind: "opening" } | { kind: "open"; session: AuthSession; saving: boolean } | { kind: "failed"; message: string };

const serverMessage = (error: unknown) =>
  error instanceof ApiRequestError && error.status !== 500 ? (error.serverMessage ?? undefined) : undefined;

/**
 * /auth-contexts/:id/login, "Log in again": a live browser on the saved login's site with its
 * saved state loaded; Finish replaces the saved state in the same auth context (tasks that use
 * it need no change), Cancel closes the browser. Leaving the page closes it too (best effort).
 */
export function RelogInPage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const context = useQuery(authContextQueryOptions(id));
  const [phase, setPhase] = useState<Phase>({ kind: "opening" });
  const [attempt, setAttempt] = useState(0);
  /** The open browser nobody has saved or closed yet: closed if the page goes away. */
  const openSession = useRef<string | null>(null);

  useEffect(() => {
    let current = true;
    createRelogInSession(id).then(
      (session) => {
        if (!current) return closeAuthSessionOnExit(session.id);
        openSession.current = session.id;
        setPhase({ kind: "open", session, saving: false });
      },
      (error: unknown) => {
        if (!current) return;
        const message = serverMessage(error) ?? "Failed to create the browsing session. Please try again.";
        setPhase({ kind: "failed", message });
      },
    );
    return () => {
      current = false;
      const open = openSession.current;
      openSession.current = null;
      if (open) closeAuthSessionOnExit(open);
    };
  }, [id, attempt]);

  useEffect(() => {
    const closeOpen = () => {
      const open = openSession.current;
      openSession.current = null;
      if (open) closeAuthSessionOnExit(open);
    };
    window.addEventListener("pagehide", closeOpen);
    return () => window.removeEventListener("pagehide", closeOpen);
  }, []);

  function restart() {
    setPhase({ kind: "opening" });
    setAttempt((n) => n + 1);
  }

  function cancel() {
    const open = openSession.current;
    openSession.current = null;
    if (open) void closeAuthSession(open).catch(() => undefined);
    void navigate("/auth-contexts");
  }

  async function finish() {
    if (phase.kind !== "open" || phase.saving) return;
    const { session } = phase;
    setPhase({ ...phase, saving: true });
    // While saving, the save owns the session: leaving now must not close it under the save.
    openSession.current = null;
    try {
      await replaceAuthContextState(id, session.id);
      void invalidateAuthContexts(queryClient);
      notify.success("Authentication context updated successfully");
      void navigate("/auth-contexts");
    } catch (error) {
      openSession.current = session.id;
      setPhase({ kind: "open", session, saving: false });
      notify.error("Failed to update authentication context. Please try again.", serverMessage(error));
    }
  }

  const name = context.data?.name ?? "";
  const url = context.data?.urls[0] ?? "";
  const notFound = context.error instanceof ApiRequestError && (context.error.status === 404 || context.error.status === 400);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <PageTitle title="Log In Again" />
      <Link to="/auth-contexts" className="mb-4 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ChevronLeft className="size-4" aria-hidden="true" />
        Auth Contexts
      </Link>
      <h1 className="text-3xl font-bold tracking-tight">Log in again</h1>
      <p className="mt-2 text-muted-foreground [overflow-wrap:anywhere]">
        {context.data ? (
          <>
            Refresh the saved login <span className="font-medium text-foreground">&ldquo;{name}&rdquo;</span> for {urlHost(url)}: the
            browser opens with it, you sign in again, and Finish saves the new login in its place.
          </>
        ) : (
          "Refresh a saved login: the browser opens with it, you sign in again, and Finish saves the new login in its place."
        )}
      </p>

      <Card className="mt-6">
        <CardContent className="p-4 sm:p-6">
          {notFound ? (
            <div className="grid justify-items-start gap-3 text-sm text-muted-foreground">
              <p>This auth context could not be found. It may have been deleted.</p>
              <Button asChild variant="outline" size="sm">
                <Link to="/auth-contexts">Back to Auth Contexts</Link>
              </Button>
            </div>
          ) : context.isError ? (
            <LoadError message="This auth context could not be loaded." onRetry={() => void context.refetch()} retrying={context.isFetching} />
          ) : phase.kind === "failed" ? (
            <div className="grid justify-items-start gap-3 text-sm">
              <p role="alert">{phase.message}</p>
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" size="sm" onClick={() => void navigate("/auth-contexts")}>
                  Cancel
                </Button>
                <Button size="sm" onClick={restart}>
                  Try again
                </Button>
              </div>
            </div>
          ) : phase.kind === "opening" || !context.data ? (
            <div className="grid gap-4" role="status" aria-label="Opening the browser">
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <Spinner />
                Opening the browser…
              </p>
              <Skeleton className="h-[min(70dvh,720px)] w-full" />
            </div>
          ) : (
            <LoginStep
              key={phase.session.id}
              values={{ name, url }}
              session={phase.session}
              saving={phase.saving}
              onBack={cancel}
              onFinish={() => void finish()}
              relogIn
              onRestart={restart}
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
