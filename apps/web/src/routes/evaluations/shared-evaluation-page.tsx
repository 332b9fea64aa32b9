import { useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { SHARED_EVALUATION_NOT_FOUND_MESSAGE } from "@errand/contract";
import { sharedEvaluationQueryOptions } from "../../api/evaluations";
import { LoadError } from "../../components/ui/load-error";
import { LoadingBars } from "../../components/ui/skeleton";
import { PageTitle } from "../../lib/page/page-title";
import { isUnknownLink, NO_INDEX, SharedLinkNotFound } from "../shared/shared-link";
import { EvaluationFacts, EvaluationReportView } from "./evaluation-report";

/**
 * /shared/evaluations/:token: an evaluation's report its owner shared by link, read-only and
 * without signing in; the cells do not open runs (those stay the owner's). Never indexed; a
 * revoked or unknown link says so.
 */
export function SharedEvaluationPage() {
  const { token = "" } = useParams();
  const shared = useQuery({ ...sharedEvaluationQueryOptions(token), enabled: Boolean(token) });
  if (isUnknownLink(token, shared))
    return <SharedLinkNotFound title="Shared Evaluation Not Found" message={SHARED_EVALUATION_NOT_FOUND_MESSAGE} />;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      {NO_INDEX}
      {shared.isError ? (
        <LoadError message="This shared evaluation could not be loaded." query={shared} />
      ) : shared.isPending ? (
        <LoadingBars label="Loading shared evaluation" bars={["h-9 w-64", "h-20 w-full", "h-64 w-full"]} className="gap-6" />
      ) : (
        <>
          <PageTitle title={`${shared.data.name} · Shared Evaluation`} />
          <p className="mb-2 text-sm text-muted-foreground">Shared with you by the person who ran it. Read-only.</p>
          <h1 className="text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">{shared.data.name}</h1>
          <p className="mt-2 text-muted-foreground [overflow-wrap:anywhere]">
            <EvaluationFacts evaluation={shared.data} />
          </p>
          {shared.data.description ? <p className="mt-3 max-w-3xl text-sm whitespace-pre-line">{shared.data.description}</p> : null}
          <EvaluationReportView status={shared.data.status} counts={shared.data.counts} report={shared.data.report} runHref={null} />
        </>
      )}
    </div>
  );
}
