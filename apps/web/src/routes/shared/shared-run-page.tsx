import { Link, useNavigate, useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { ArrowRight, Link2Off } from "lucide-react";
import { SHARED_RUN_NOT_FOUND_MESSAGE } from "@errand/contract";
import { sharedRunQueryOptions } from "../../api/sharing";
import { ReplayPanel } from "../../components/demo/replay-panel";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { LoadError } from "../../components/ui/load-error";
import { Skeleton } from "../../components/ui/skeleton";
import { ApiRequestError } from "../../api/http";
import { PageTitle } from "../../lib/page/page-title";
import { draftFromRun, saveTaskDraft } from "../../lib/tasks/task-draft";
import { useSession } from "../../session/use-session";

/**
 * /shared/:token: the read-only replay of a run its owner shared by link (the demo's replay
 * panel). Never indexed; a revoked or unknown link says so.
 */
export function SharedRunPage() {
  const { token = "" } = useParams();
  const navigate = useNavigate();
  const session = useSession();
  const shared = useQuery({ ...sharedRunQueryOptions(token), enabled: Boolean(token) });
  const robots = <meta name="robots" content="noindex, nofollow" />;

  const missing = !token || (shared.isError && shared.error instanceof ApiRequestError && shared.error.status === 404);
  if (missing)
    return (
      <div className="mx-auto grid w-full max-w-xl justify-items-center gap-4 px-4 py-20 text-center">
        <PageTitle title="Shared Run Not Found" />
        {robots}
        <Link2Off className="size-12 text-muted-foreground" aria-hidden="true" />
        <h1 className="text-2xl font-bold tracking-tight">Shared Run Not Found</h1>
        <p className="text-muted-foreground">{SHARED_RUN_NOT_FOUND_MESSAGE}</p>
        <Button asChild variant="outline">
          <Link to="/automations">Browse Automations</Link>
        </Button>
      </div>
    );

  function tryIt() {
    if (!shared.data) return;
    // As on a demo: the run's settings become the task draft.
    saveTaskDraft(draftFromRun(shared.data.run));
    void navigate(session ? "/dashboard" : "/login");
  }

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <PageTitle title="Shared Run" />
      {robots}
      {shared.isError ? (
        <LoadError message="This shared run could not be loaded." onRetry={() => void shared.refetch()} retrying={shared.isFetching} />
      ) : shared.isPending ? (
        <div className="grid gap-4" role="status" aria-label="Loading shared run">
          <Skeleton className="h-8 w-40" />
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-72 w-full" />
        </div>
      ) : (
        <>
          <p className="mb-4 text-sm text-muted-foreground">Shared with you by the person who ran it. Read-only.</p>
          <ReplayPanel demo={shared.data} headingLevel="h1" title="Shared Run" />
          <Card className="mt-6">
            <CardContent className="flex flex-col items-start justify-between gap-4 p-6 sm:flex-row sm:items-center">
              <div>
                <h2 className="text-lg font-semibold">Want to run a task like this?</h2>
                <p className="mt-1 text-sm text-muted-foreground">Start from this run&apos;s settings and run it yourself in a real browser.</p>
              </div>
              <Button onClick={tryIt} className="w-full sm:w-auto">
                Try It Yourself
                <ArrowRight aria-hidden="true" />
              </Button>
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
