import { useCallback, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { signOut } from "../api/auth";
import { ApiRequestError } from "../api/http";
import { notify } from "../components/ui/notify";
import { clearLocalSession, forgetUserData } from "./session-cache";

const LOGGED_OUT = "You have been logged out.";

/** A sign-out failure that only says the session is already gone (spec section 8). */
function isInvalidSessionError(error: ApiRequestError): boolean {
  return /session|jwt/i.test(`${error.serverMessage ?? ""} ${error.code ?? ""}`);
}

/** Sign Out as the navigation bar does it: server first, then the local session, then /login. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isSigningOut, setIsSigningOut] = useState(false);

  const finish = useCallback(
    async (title: string) => {
      notify.success(title, LOGGED_OUT);
      await clearLocalSession(queryClient);
      await navigate("/login", { replace: true });
      forgetUserData(queryClient);
    },
    [navigate, queryClient],
  );

  const run = useCallback(async () => {
    setIsSigningOut(true);
    try {
      let title = "Signed out successfully";
      try {
        await signOut();
      } catch (error) {
        if (error instanceof ApiRequestError && !isInvalidSessionError(error)) {
          notify.error("Error", "Could not sign out completely. Please try again.");
          return;
        }
        // An already-invalid session, or an unexpected exception: the person is signed out anyway.
        title = "Signed out";
      }
      await finish(title);
    } finally {
      setIsSigningOut(false);
    }
  }, [finish]);

  return { signOut: run, isSigningOut };
}
