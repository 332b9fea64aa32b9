import { Link, useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import type { EvaluationDetail } from "@errand/contract";
import { evaluationQueryOptions } from "../../api/evaluations";
import { ApiRequestError } from "../../api/http";
import { AppPage } from "../../components/layout/app-page";
import { PageHeader } from "../../components/layout/page-header";
import { LoadError } from "../../components/ui/load-error";
import { LoadingBars } from "../../components/ui/skeleton";
import { EvaluationActions } from "./evaluation-actions";
import { EvaluationFacts, EvaluationReportView } from "./evaluation-report";

/** Where a cell's run opens: its own page, found from the run (runs/:runId sends there). */
const runHref = (runId: string) => `/runs/${runId}`;

/** /evaluations/:id: progress while it runs (read every 2 s), then the models compared and every case's result. */
export function EvaluationPage() {
  const { id = "" } = useParams();
  const evaluation = useQuery(evaluationQueryOptions(id));
  const missing = evaluation.isError && evaluation.error instanceof ApiRequestError && [400, 404].includes(evaluation.error.status);

  return (
    <AppPage>
      <BackLink />
      {missing ? (
        <NotFound />
      ) : evaluation.isError ? (
        <LoadError message="This evaluation could not be loaded." query={evaluation} className="mt-6" />
      ) : evaluation.isPending ? (
        <PageSkeleton />
      ) : (
        <Loaded evaluation={evaluation.data} />
      )}
    </AppPage>
  );
}

function Loaded({ evaluation }: { evaluation: EvaluationDetail }) {
  return (
    <>
      <PageHeader
        title={evaluation.name}
        documentTitle={`${evaluation.name} · Evaluation`}
        description={<EvaluationFacts evaluation={evaluation} />}
        action={<EvaluationActions evaluation={evaluation} />}
      />
      {evaluation.description ? <p className="mt-3 max-w-3xl text-sm whitespace-pre-line">{evaluation.description}</p> : null}
      <EvaluationReportView status={evaluation.status} counts={evaluation.counts} report={evaluation.report} runHref={runHref} />
    </>
  );
}

function BackLink() {
  return (
    <Link
      to="/evaluations"
      className="mb-4 inline-flex items-center gap-1 text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      Evaluations
    </Link>
  );
}

function NotFound() {
  return (
    <div className="mt-6 grid justify-items-start gap-2">
      <h1 className="text-2xl font-bold tracking-tight">Evaluation not found</h1>
      <p className="text-muted-foreground">It does not exist in this workspace, or it was deleted.</p>
    </div>
  );
}

function PageSkeleton() {
  return (
    <LoadingBars label="Loading evaluation" bars={["h-9 w-64", "h-4 w-80 max-w-full", "h-20 w-full", "h-64 w-full"]} className="gap-6" />
  );
}
