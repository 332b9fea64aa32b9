import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { FlaskConical } from "lucide-react";
import type { Evaluation } from "@errand/contract";
import { evaluationListQueryOptions } from "../../api/evaluations";
import { AppPage } from "../../components/layout/app-page";
import { NoItemsYet } from "../../components/ui/no-items-yet";
import { Card } from "../../components/ui/card";
import { QueryStates } from "../../components/ui/query-states";
import { Skeleton, SkeletonRows } from "../../components/ui/skeleton";
import { formatDateTime } from "../../lib/format/display-format";
import { EvaluationStatusBadge, RunsEndedBar } from "./evaluation-status";
import { endedCells, formatCost, formatRate, passedLabel, progressLabel } from "./evaluation-display";

/** /evaluations: the workspace's evaluations, newest first, each with its models' success rates, progress and cost. */
export function EvaluationsPage() {
  const evaluations = useQuery(evaluationListQueryOptions());
  return (
    <AppPage
      title="Evaluations"
      description="Run a suite of tasks against several models and compare them side by side."
      newItem={{ to: "/evaluations/new", label: "New evaluation", operation: "run", what: "start and cancel evaluations" }}
    >
      <Card className="mt-6 overflow-hidden">
        <QueryStates
          query={evaluations}
          loading={<ListSkeleton />}
          failed="Your evaluations could not be loaded."
          failedClassName="justify-center p-10"
          isEmpty={(data) => data.evaluations.length === 0}
          empty={<NoEvaluations />}
        >
          {(data) => (
            <ul className="divide-y" aria-label="Evaluations">
              {data.evaluations.map((evaluation) => (
                <EvaluationItem key={evaluation.id} evaluation={evaluation} />
              ))}
            </ul>
          )}
        </QueryStates>
      </Card>
    </AppPage>
  );
}

function EvaluationItem({ evaluation }: { evaluation: Evaluation }) {
  const ended = endedCells(evaluation.counts);
  return (
    <li className="grid gap-2 px-4 py-4 sm:grid-cols-[minmax(0,1fr)_14rem] sm:items-center sm:gap-6">
      <div className="grid min-w-0 gap-1">
        <Link
          to={`/evaluations/${evaluation.id}`}
          className="font-medium [overflow-wrap:anywhere] text-primary underline-offset-4 hover:underline focus-visible:underline"
        >
          {evaluation.name}
        </Link>
        <ModelResults evaluation={evaluation} />
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
          {evaluation.total_cases} {evaluation.total_cases === 1 ? "case" : "cases"}
          {" · "}
          <time dateTime={evaluation.created_at}>{formatDateTime(evaluation.created_at)}</time>
          {evaluation.cost > 0 ? ` · ${formatCost(evaluation.cost)}` : ""}
        </p>
      </div>
      <div className="grid gap-1.5">
        <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
          <EvaluationStatusBadge status={evaluation.status} />
          <span className="tabular-nums">{progressLabel(evaluation.counts, evaluation.total_cells)}</span>
        </div>
        <RunsEndedBar value={ended} max={evaluation.total_cells} label={`Progress of ${evaluation.name}`} />
      </div>
    </li>
  );
}

/** Each model's success rate so far, in the evaluation's order: the figure the list is read for. */
function ModelResults({ evaluation }: { evaluation: Evaluation }) {
  return (
    <ul aria-label={`Success rate by model, ${evaluation.name}`} className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
      {evaluation.by_model.map((result) => (
        <li key={result.model} data-model={result.model} className="[overflow-wrap:anywhere]">
          <span className="font-mono">{result.model}</span>{" "}
          <span className="font-medium tabular-nums" data-figure="Success rate">
            {formatRate(result.success_rate)}
          </span>{" "}
          <span className="text-muted-foreground">({passedLabel(result)})</span>
        </li>
      ))}
    </ul>
  );
}

/** No evaluation yet: what one is, and the way to make the first. */
function NoEvaluations() {
  return (
    <NoItemsYet
      icon={FlaskConical}
      title="No evaluations yet"
      first={{ to: "/evaluations/new", label: "New evaluation", operation: "run" }}
    >
      An evaluation runs a suite of tasks, each with an expected answer or checks, once with each model you choose. Its report compares the
      models side by side: success rate, cost and tokens per task, time, and why tasks failed.
    </NoItemsYet>
  );
}

function ListSkeleton() {
  return (
    <SkeletonRows label="Loading evaluations" rows={4} rowClassName="flex items-center gap-6 px-4 py-5">
      <div className="grid flex-1 gap-2">
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-3 w-1/2" />
      </div>
      <Skeleton className="hidden h-3 w-56 sm:block" />
    </SkeletonRows>
  );
}
