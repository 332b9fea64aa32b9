import { Navigate, Outlet } from "react-router";
import { useSession } from "../../session/use-session";
import { PageSpinner } from "../ui/spinner";

/** Signed-in pages: a spinner while the session is unknown, /login when signed out. */
export function ProtectedRoute() {
  const session = useSession();
  if (session === undefined) return <PageSpinner />;
  if (session === null) return <Navigate to="/login" replace />;
  return <Outlet />;
}
