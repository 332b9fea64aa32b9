import { useEffect, useReducer, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { ChevronLeft } from "lucide-react";
import {
  closeAuthSession,
  closeAuthSessionOnExit,
  createAuthContext,
  createAuthSession,
  invalidateAuthContexts,
} from "../../api/auth-contexts";
import { ApiRequestError } from "../../api/http";
import { Card, CardContent } from "../../components/ui/card";
import { notify } from "../../components/ui/notify";
import { PageTitle } from "../../lib/page/page-title";
import { cleanValues, EMPTY_VALUES, loginProxy } from "./auth-context-form";
import { ConfigureStep } from "./configure-step";
import { LoginStep } from "./login-step";
import { initialWizardState, wizardReducer } from "./wizard-state";
import { WizardSteps } from "./wizard-steps";

/** The server's own message for a toast's description, for the given statuses only. */
function serverDetail(error: unknown, accept: (status: number) => boolean): string | undefined {
  return error instanceof ApiRequestError && accept(error.status) ? error.serverMessage : undefined;
}

/**
 * /auth-contexts/new: step 1 names the login and its website, step 2 shows a live browser on
 * that site to log in; Finish saves the login and returns to /auth-contexts (spec section 2).
 * The live browser is closed on Back, and (best effort) when the person leaves without finishing.
 */
export function NewAuthContextPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(wizardReducer, EMPTY_VALUES, initialWizardState);
  // Focus the new step's heading after a transition, not on the first render.
  const [moved, setMoved] = useState(false);
  /** The open live browser nobody has saved or closed yet: closed if the page goes away. */
  const openSession = useRef<string | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    const closeOpen = () => {
      const id = openSession.current;
      openSession.current = null;
      if (id) closeAuthSessionOnExit(id);
    };
    // A page restored from the back-forward cache had its browser closed on pagehide: start over.
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) dispatch({ type: "back" });
    };
    window.addEventListener("pagehide", closeOpen);
    window.addEventListener("pageshow", onShow);
    return () => {
      mounted.current = false;
      window.removeEventListener("pagehide", closeOpen);
      window.removeEventListener("pageshow", onShow);
      closeOpen();
    };
  }, []);

  async function start() {
    if (state.step !== "configure" || state.starting) return;
    const { url } = cleanValues(state.values);
    dispatch({ type: "start" });
    try {
      const session = await createAuthSession(url, loginProxy(state.values));
      if (!mounted.current) {
        closeAuthSessionOnExit(session.id);
        return;
      }
      openSession.current = session.id;
      setMoved(true);
      dispatch({ type: "started", session });
    } catch (error) {
      if (!mounted.current) return;
      // 400: the address may not be opened (private network, unknown host): said under the field too.
      const urlProblem = error instanceof ApiRequestError ? error.fields.find((f) => f.path.startsWith("urls"))?.message : undefined;
      const proxyProblem = error instanceof ApiRequestError ? error.fields.find((f) => f.path.startsWith("proxy"))?.message : undefined;
      dispatch({
        type: "startFailed",
        errors: urlProblem || proxyProblem ? { ...(urlProblem ? { url: urlProblem } : {}), ...(proxyProblem ? { proxyCountry: proxyProblem } : {}) } : undefined,
      });
      notify.error(
        "Failed to create the browsing session. Please try again.",
        // 429: too many open sessions; 400: other bad input; 503: no browser on this server.
        urlProblem ?? proxyProblem ?? serverDetail(error, (status) => status === 429 || status === 400 || status === 503),
      );
    }
  }

  function back() {
    if (state.step !== "login" || state.saving) return;
    const { id } = state.session;
    openSession.current = null;
    void closeAuthSession(id).catch(() => undefined);
    setMoved(true);
    dispatch({ type: "back" });
  }

  async function finish() {
    if (state.step !== "login" || state.saving) return;
    const { id } = state.session;
    const { name, url } = cleanValues(state.values);
    dispatch({ type: "save" });
    // While saving, the save owns the session: leaving now must not close it under the save.
    openSession.current = null;
    try {
      await createAuthContext({ name, urls: [url], session_id: id });
      void invalidateAuthContexts(queryClient);
      notify.success("Authentication context created successfully");
      if (mounted.current) void navigate("/auth-contexts");
    } catch (error) {
      if (mounted.current) {
        openSession.current = id;
        dispatch({ type: "saveFailed" });
      } else {
        closeAuthSessionOnExit(id);
      }
      notify.error(
        "Failed to create authentication context. Please try again.",
        // E.g. 404 when the browser closed meanwhile (idle or too old): Back starts a new one.
        serverDetail(error, (status) => (status >= 400 && status < 500) || status === 503),
      );
    }
  }

  const step = state.step === "configure" ? 1 : 2;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <PageTitle title="New Auth Context" />
      <Link to="/auth-contexts" className="mb-4 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ChevronLeft className="size-4" aria-hidden="true" />
        Auth Contexts
      </Link>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">New Auth Context</h1>
          <p className="mt-2 text-muted-foreground">Log in to a website once; the agent reuses the login in your tasks.</p>
        </div>
        <WizardSteps current={step} />
      </div>

      <Card className="mt-6">
        <CardContent className="p-4 sm:p-6">
          {state.step === "configure" ? (
            <ConfigureStep
              values={state.values}
              errors={state.errors}
              starting={state.starting}
              focusOnMount={moved}
              onEdit={(field, value) => dispatch({ type: "edit", field, value })}
              onInvalid={(errors) => dispatch({ type: "invalid", errors })}
              onNext={() => void start()}
            />
          ) : (
            <LoginStep
              values={state.values}
              session={state.session}
              saving={state.saving}
              onBack={back}
              onFinish={() => void finish()}
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
