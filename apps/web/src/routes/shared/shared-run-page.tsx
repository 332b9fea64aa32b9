import { useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { SHARED_RUN_NOT_FOUND_MESSAGE } from "@errand/contract";
import { sharedRunQueryOptions } from "../../api/sharing";
import { ReplayPanel } from "../../components/demo/replay-panel";
import { ReplaySkeleton, TryRunCard } from "../../components/demo/replay-page-parts";
import { LoadError } from "../../components/ui/load-error";
import { PageTitle } from "../../lib/page/page-title";
import { isUnknownLink, NO_INDEX, SharedLinkNotFound } from "./shared-link";

/**
 * /shared/:token: a run its owner shared by link, read-only: its result and last screenshot at
 * once, its steps played back on request (the demo's panel, ADR 0059). Never indexed; a revoked
 * or unknown link says so.
 */
export function SharedRunPage() {
  const { token = "" } = useParams();
  const shared = useQuery({ ...sharedRunQueryOptions(token), enabled: Boolean(token) });
  if (isUnknownLink(token, shared)) return <SharedLinkNotFound title="Shared Run Not Found" message={SHARED_RUN_NOT_FOUND_MESSAGE} />;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <PageTitle title="Shared Run" />
      {NO_INDEX}
      {shared.isError ? (
        <LoadError message="This shared run could not be loaded." query={shared} />
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
