import { useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { SearchX } from "lucide-react";
import { demoQueryOptions } from "../../api/workspace";
import { ReplayPanel } from "../../components/demo/replay-panel";
import { ReplayNotFound, ReplaySkeleton, TryRunCard } from "../../components/demo/replay-page-parts";
import { PageTitle } from "../../lib/page/page-title";

/** /demo/:runId: the public replay of a run (spec section 2, "Demo page"). */
export function DemoPage() {
  const { runId = "" } = useParams();
  const demo = useQuery({ ...demoQueryOptions(runId), enabled: Boolean(runId) });

  if (!runId || demo.isError)
    return (
      <ReplayNotFound title="Demo Not Found" icon={SearchX}>
        <p className="text-muted-foreground">The requested demo could not be found or does not exist.</p>
      </ReplayNotFound>
    );

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <PageTitle title="Demo" />
      {demo.isPending ? (
        <ReplaySkeleton label="Loading demo" titleWidth="w-32" />
      ) : (
        <>
          <ReplayPanel demo={demo.data} headingLevel="h1" />
          <TryRunCard run={demo.data.run} kind="demo" />
        </>
      )}
    </div>
  );
}
