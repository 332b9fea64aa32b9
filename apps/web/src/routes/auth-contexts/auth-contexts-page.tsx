import { useState } from "react";
import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import type { AuthContext } from "@errand/contract";
import { authContextsQueryOptions } from "../../api/auth-contexts";
import { AppPage } from "../../components/layout/app-page";
import { Button } from "../../components/ui/button";
import { NewItemLink } from "../../components/layout/page-header";
import { Card } from "../../components/ui/card";
import { LoadError } from "../../components/ui/load-error";
import { AuthContextsTable, AuthContextsTableSkeleton } from "./auth-contexts-table";
import { CredentialsCard } from "./credentials-card";
import { DeleteAuthContextDialog } from "./delete-auth-context-dialog";
import { ProxiesCard } from "./proxies-card";
import { RoleNote } from "../../workspaces/role-note";
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
      action={canChange ? <NewItemLink to="/auth-contexts/new">Create New</NewItemLink> : null}
    >
      {canChange ? null : <RoleNote operation="run" what="save, refresh and delete logins" className="mt-4" />}
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
          <div className="grid justify-items-center gap-3 px-4 py-14 text-center">
            <KeyRound className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="text-lg font-medium">No auth contexts yet</p>
            <p className="max-w-md text-sm text-muted-foreground">
              Log in to a website once and save the session. Choose it in a task&apos;s Advanced Parameters and the agent starts that task
              already signed in.
            </p>
            {canChange ? (
              <Button asChild className="mt-2">
                <Link to="/auth-contexts/new">Create your first auth context</Link>
              </Button>
            ) : null}
          </div>
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
