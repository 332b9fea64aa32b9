import { useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { Link2Off } from "lucide-react";
import { SHARED_RUN_NOT_FOUND_MESSAGE } from "@errand/contract";
import { ApiRequestError } from "../../api/http";
import { sharedRunQueryOptions } from "../../api/sharing";
import { ReplayPanel } from "../../components/demo/replay-panel";
import { ReplayNotFound, ReplaySkeleton, TryRunCard } from "../../components/demo/replay-page-parts";
import { LoadError } from "../../components/ui/load-error";
import { PageTitle } from "../../lib/page/page-title";

/**
 * /shared/:token: a run its owner shared by link, read-only: its result and last screenshot at
 * once, its steps played back on request (the demo's panel, ADR 0059). Never indexed; a revoked
 * or unknown link says so.
 */
export function SharedRunPage() {
  const { token = "" } = useParams();
  const shared = useQuery({ ...sharedRunQueryOptions(token), enabled: Boolean(token) });
  const robots = <meta name="robots" content="noindex, nofollow" />;

  const missing = !token || (shared.isError && shared.error instanceof ApiRequestError && shared.error.status === 404);
  if (missing)
    return (
      <ReplayNotFound title="Shared Run Not Found" icon={Link2Off}>
        {robots}
        <p className="text-muted-foreground">{SHARED_RUN_NOT_FOUND_MESSAGE}</p>
      </ReplayNotFound>
    );

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <PageTitle title="Shared Run" />
      {robots}
      {shared.isError ? (
        <LoadError message="This shared run could not be loaded." onRetry={() => void shared.refetch()} retrying={shared.isFetching} />
      ) : shared.isPending ? (
        <ReplaySkeleton label="Loading shared run" titleWidth="w-40" />
      ) : (
        <>
          <p className="mb-4 text-sm text-muted-foreground">Shared with you by the person who ran it. Read-only.</p>
          <ReplayPanel demo={shared.data} headingLevel="h1" title="Shared Run" mode="playback" />
          <TryRunCard run={shared.data.run} kind="shared" />
        </>
      )}
    </div>
  );
}
