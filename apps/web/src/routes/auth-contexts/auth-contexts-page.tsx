import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import type { AuthContext } from "@errand/contract";
import { authContextsQueryOptions } from "../../api/auth-contexts";
import { AppPage } from "../../components/layout/app-page";
import { NoItemsYet } from "../../components/ui/no-items-yet";
import { Card } from "../../components/ui/card";
import { LoadError } from "../../components/ui/load-error";
import { AuthContextsTable, AuthContextsTableSkeleton } from "./auth-contexts-table";
import { CredentialsCard } from "./credentials-card";
import { DeleteAuthContextDialog } from "./delete-auth-context-dialog";
import { ProxiesCard } from "./proxies-card";
import { useCan } from "../../workspaces/use-workspace-allows";

/** /auth-contexts: the person's saved logins, with Create New and delete (spec section 2). */
export function AuthContextsPage() {
  const { data, isPending, isError, refetch, isFetching } = useQuery(authContextsQueryOptions);
  const [deleting, setDeleting] = useState<AuthContext | null>(null);
  const canChange = useCan("run");

  return (
    <AppPage
      title="Auth Contexts"
      description="Saved logins, credentials and proxies the agent can use on sites where you must be signed in or look local."
      newItem={{ to: "/auth-contexts/new", label: "Create New", operation: "run", what: "save, refresh and delete logins" }}
    >
      <Card className="mt-6 overflow-hidden">
        {isPending ? (
          <AuthContextsTableSkeleton />
        ) : isError ? (
          <LoadError
            message="Your auth contexts could not be loaded."
            onRetry={() => void refetch()}
            retrying={isFetching}
            className="justify-center p-10"
          />
        ) : data.length === 0 ? (
          <NoItemsYet
            icon={KeyRound}
            title="No auth contexts yet"
            first={{ to: "/auth-contexts/new", label: "Create your first auth context", operation: "run" }}
          >
            Log in to a website once and save the session. Choose it in a task&apos;s Advanced Parameters and the agent starts that task
            already signed in.
          </NoItemsYet>
        ) : (
          <AuthContextsTable contexts={data} onDelete={canChange ? setDeleting : null} />
        )}
      </Card>

      <CredentialsCard />

      <ProxiesCard />

      <DeleteAuthContextDialog context={deleting} onClose={() => setDeleting(null)} />
    </AppPage>
  );
}
