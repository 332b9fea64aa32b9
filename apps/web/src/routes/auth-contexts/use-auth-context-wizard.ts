import { useEffect, useReducer, useRef } from "react";
import { useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { closeAuthSessionOnExit, createAuthContext, createAuthSession, invalidateAuthContexts } from "../../api/auth-contexts";
import { ApiRequestError } from "../../api/http";
import { notify } from "../../components/ui/notify";
import { cleanValues, EMPTY_VALUES, loginProxy, type AuthContextErrors } from "./auth-context-form";
import { useOpenSession } from "./use-open-session";
import { initialWizardState, wizardReducer } from "./wizard-state";

/** The server's own message for a toast's description, for the given statuses only. */
function serverDetail(error: unknown, accept: (status: number) => boolean): string | undefined {
  return error instanceof ApiRequestError && accept(error.status) ? error.serverMessage : undefined;
}

/** What a refused browser said of the typed address or proxy (400: e.g. a private network, an unknown host). */
function startProblems(error: unknown): AuthContextErrors | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  const url = error.fields.find((f) => f.path.startsWith("urls"))?.message;
  const proxyCountry = error.fields.find((f) => f.path.startsWith("proxy"))?.message;
  return url || proxyCountry ? { ...(url ? { url } : {}), ...(proxyCountry ? { proxyCountry } : {}) } : undefined;
}

/** True while the component is on the page: answers that arrive later only close what they opened. */
function useMounted() {
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return mounted;
}

/**
 * The new-login wizard (wizard-state.ts) and its requests: Next opens the live browser, Back
 * closes it, Finish saves the login and returns to /auth-contexts.
 */
export function useAuthContextWizard() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(wizardReducer, EMPTY_VALUES, initialWizardState);
  const openSession = useOpenSession();
  const mounted = useMounted();

  // A page restored from the back-forward cache had its browser closed on pagehide: start over.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) dispatch({ type: "back" });
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, []);

  async function start() {
    if (state.step !== "configure" || state.starting) return;
    dispatch({ type: "start" });
    try {
      const session = await createAuthSession(cleanValues(state.values).url, loginProxy(state.values));
      if (!mounted.current) return closeAuthSessionOnExit(session.id);
      openSession.hold(session.id);
      dispatch({ type: "started", session });
    } catch (error) {
      if (!mounted.current) return;
      const problems = startProblems(error);
      dispatch({ type: "startFailed", errors: problems });
      notify.error(
        "Failed to create the browsing session. Please try again.",
        // 429: too many open sessions; 400: other bad input; 503: no browser on this server.
        problems?.url ?? problems?.proxyCountry ?? serverDetail(error, (status) => status === 429 || status === 400 || status === 503),
      );
    }
  }

  function back() {
    if (state.step !== "login" || state.saving) return;
    openSession.close();
    dispatch({ type: "back" });
  }

  async function finish() {
    if (state.step !== "login" || state.saving) return;
    const { id } = state.session;
    const { name, url } = cleanValues(state.values);
    dispatch({ type: "save" });
    // While saving, the save owns the session: leaving now must not close it under the save.
    openSession.release();
    try {
      await createAuthContext({ name, urls: [url], session_id: id });
      void invalidateAuthContexts(queryClient);
      notify.success("Authentication context created successfully");
      if (mounted.current) void navigate("/auth-contexts");
    } catch (error) {
      if (mounted.current) {
        openSession.hold(id);
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

  return { state, dispatch, start, back, finish };
}
