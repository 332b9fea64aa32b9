import { Navigate, Outlet, useLocation } from "react-router";
import { pathAfterSignUp } from "../../session/after-sign-up";
import { useSession } from "../../session/use-session";

/**
 * Home, login and signup: signed-in people are sent (replace) to /dashboard, or to where a
 * sign-up link leads on (`?next=`): a link clicked before the page knew the session still
 * arrives where it pointed.
 */
export function GuestOnlyRoute() {
  const session = useSession();
  const { search } = useLocation();
  if (session) return <Navigate to={pathAfterSignUp(search)} replace />;
  return <Outlet />;
}
