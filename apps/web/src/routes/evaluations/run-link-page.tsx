import { Navigate, useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { runQueryOptions } from "../../api/runs";
import { ApiRequestError } from "../../api/http";
import { AppPage } from "../../components/layout/app-page";
import { LoadError } from "../../components/ui/load-error";
import { PageSpinner } from "../../components/ui/spinner";

/**
 * /runs/:runId: a run's address without its task, as an evaluation's report knows it; it sends
 * the browser on to the run's page (/tasks/:task/task-runs/:run), in place of this entry.
 */
export function RunLinkPage() {
  const { runId = "" } = useParams();
  const run = useQuery(runQueryOptions(runId));
  if (run.data) return <Navigate to={`/tasks/${run.data.task_id}/task-runs/${run.data.id}`} replace />;
  const missing = run.isError && run.error instanceof ApiRequestError && [400, 404].includes(run.error.status);
  return (
    <AppPage>
      {missing ? (
        <div className="grid gap-2">
          <h1 className="text-2xl font-bold tracking-tight">Run not found</h1>
          <p className="text-muted-foreground">It does not exist in this workspace, or its task was deleted.</p>
        </div>
      ) : run.isError ? (
        <LoadError message="This run could not be loaded." query={run} />
      ) : (
        <PageSpinner />
      )}
    </AppPage>
  );
}
