import { Link, useNavigate, useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { ArrowRight, SearchX } from "lucide-react";
import { demoQueryOptions } from "../../api/workspace";
import { ReplayPanel } from "../../components/demo/replay-panel";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { PageTitle } from "../../lib/page/page-title";
import { draftFromRun, saveTaskDraft } from "../../lib/tasks/task-draft";
import { useSession } from "../../session/use-session";

/** /demo/:runId: the public replay of a run (spec section 2, "Demo page"). */
export function DemoPage() {
  const { runId = "" } = useParams();
  const navigate = useNavigate();
  const session = useSession();
  const demo = useQuery({ ...demoQueryOptions(runId), enabled: Boolean(runId) });

  if (!runId || demo.isError) return <DemoNotFound />;

  function tryIt() {
    if (!demo.data) return;
    // "Try This Automation": the run's settings become the task draft (spec section 6).
    saveTaskDraft(draftFromRun(demo.data.run));
    void navigate(session ? "/dashboard" : "/login");
  }

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <PageTitle title="Demo" />
      {demo.isPending ? (
        <div className="grid gap-4" role="status" aria-label="Loading demo">
          <Skeleton className="h-8 w-32" />
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-72 w-full" />
        </div>
      ) : (
        <>
          <ReplayPanel demo={demo.data} headingLevel="h1" />
          <Card className="mt-6">
            <CardContent className="flex flex-col items-start justify-between gap-4 p-6 sm:flex-row sm:items-center">
              <div>
                <h2 className="text-lg font-semibold">Want to try this automation?</h2>
                <p className="mt-1 text-sm text-muted-foreground">
                  Start from this task&apos;s settings and run it yourself in a real browser.
                </p>
              </div>
              <Button onClick={tryIt} className="w-full sm:w-auto">
                Try This Automation
                <ArrowRight aria-hidden="true" />
              </Button>
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}

function DemoNotFound() {
  return (
    <div className="mx-auto grid w-full max-w-xl justify-items-center gap-4 px-4 py-20 text-center">
      <PageTitle title="Demo Not Found" />
      <SearchX className="size-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-2xl font-bold tracking-tight">Demo Not Found</h1>
      <p className="text-muted-foreground">The requested demo could not be found or does not exist.</p>
      <Button asChild variant="outline">
        <Link to="/automations">Browse Automations</Link>
      </Button>
    </div>
  );
}
