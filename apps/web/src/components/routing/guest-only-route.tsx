import { Navigate, Outlet } from "react-router";
import { useSession } from "../../session/use-session";

/** Home, login and signup: signed-in people are sent (replace) to /dashboard. */
export function GuestOnlyRoute() {
  const session = useSession();
  if (session) return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
