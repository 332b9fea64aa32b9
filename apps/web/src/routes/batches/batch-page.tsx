import { useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ChevronLeft, Download } from "lucide-react";
import { formatCreditsAsDollars, type Batch } from "@errand/contract";
import { batchKeys, batchQueryOptions, batchResultsQueryOptions, getBatchResultsCsv } from "../../api/batches";
import { ApiRequestError } from "../../api/http";
import { BusyButton } from "../../components/ui/busy-button";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Fact } from "../../components/ui/fact";
import { useFileDownload } from "../../components/ui/use-file-download";
import { QueryStates } from "../../components/ui/query-states";
import { LoadingBars } from "../../components/ui/skeleton";
import { downloadText } from "../../lib/browser/clipboard";
import { formatDateTime } from "../../lib/format/display-format";
import { COUNT_ORDER, progressText, ROW_OUTCOME_LABELS, rowsDone } from "../../lib/batches/batch-labels";
import { PageTitle } from "../../lib/page/page-title";
import { cn } from "../../components/ui/cn";
import { BatchControls } from "./batch-controls";
import { BatchResultsTable } from "./batch-results-table";
import { BatchProgressBar, BatchStatusBadge } from "./batch-status-badge";

const isNotFound = (error: unknown) => error instanceof ApiRequestError && (error.status === 404 || error.status === 400);

const TONE_TEXT = { success: "text-green-800", failure: "text-red-800", pending: "text-yellow-900", neutral: "text-foreground" } as const;

/**
 * /tasks/:idTask/batches/:idBatch (docs/adr/0041-batches.md): the batch's progress, read every
 * 2 s while it runs, its counts per outcome and cost, the controls, and the results table with
 * its CSV and JSON downloads.
 */
export function BatchPage() {
  const { idTask = "", idBatch = "" } = useParams();
  const batch = useQuery(batchQueryOptions(idBatch));
  return (
    <div className="mx-auto grid w-full max-w-6xl min-w-0 gap-6 px-4 py-5 sm:px-6">
      <PageTitle title="Batch" />
      <Link
        to={`/tasks/${idTask}`}
        className="inline-flex items-center gap-1 justify-self-start text-sm text-muted-foreground hover:text-foreground"
      >
        <ChevronLeft className="size-4" aria-hidden="true" />
        Task Details
      </Link>
      {batch.isPending ? (
        <LoadingBars label="Loading batch" bars={["h-7 w-48", "h-2 w-full", "h-5 w-2/3", "h-40 w-full"]} />
      ) : batch.isError ? (
        <Card>
          <CardContent className="grid justify-items-start gap-3 p-6">
            <h1 className="text-xl font-semibold">{isNotFound(batch.error) ? "Batch not found" : "Batch"}</h1>
            <p className="text-sm text-muted-foreground">
              {isNotFound(batch.error)
                ? "This batch does not exist, or it belongs to another workspace."
                : "The batch could not be loaded."}
            </p>
            {isNotFound(batch.error) ? null : (
              <Button variant="outline" onClick={() => void batch.refetch()}>
                Try again
              </Button>
            )}
          </CardContent>
        </Card>
      ) : (
        <>
          <BatchSummary batch={batch.data} />
          <BatchResults batch={batch.data} />
        </>
      )}
    </div>
  );
}

function BatchSummary({ batch }: { batch: Batch }) {
  const done = rowsDone(batch);
  return (
    <Card role="region" aria-labelledby="batch-heading">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <h1 id="batch-heading" className="text-xl leading-none font-semibold">
          Batch of {batch.total_rows.toLocaleString("en-US")} {batch.total_rows === 1 ? "row" : "rows"}
        </h1>
        <BatchStatusBadge status={batch.status} />
      </CardHeader>
      <CardContent className="grid gap-4">
        {batch.status_reason ? (
          <div role="alert" className="grid gap-1 rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900">
            <p>{batch.status_reason}</p>
            {batch.status === "paused" ? (
              <p>
                <Link to="/credits" className="font-medium underline underline-offset-4">
                  Buy credits or change the spending limit
                </Link>
                , then resume the batch.
              </p>
            ) : null}
          </div>
        ) : null}
        <div className="grid gap-2">
          <BatchProgressBar done={done} total={batch.total_rows} label="Rows done" />
          <p className="text-sm" aria-live="polite">
            {progressText(batch)}
          </p>
        </div>
        <dl className="flex flex-wrap gap-x-5 gap-y-2 text-sm" aria-label="Rows per outcome">
          {COUNT_ORDER.filter((key) => batch.counts[key] > 0).map((key) => (
            <div key={key} data-count={key}>
              <dt className={cn("inline font-medium", TONE_TEXT[ROW_OUTCOME_LABELS[key].tone])}>{ROW_OUTCOME_LABELS[key].label}: </dt>
              <dd className="inline tabular-nums">{batch.counts[key]}</dd>
            </div>
          ))}
        </dl>
        <dl className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <Fact label="Cost">{formatCreditsAsDollars(batch.cost)}</Fact>
          <Fact label="Runs at once">{batch.concurrency}</Fact>
          <Fact label="Inputs">{batch.inputs.map((i) => `{{${i}}}`).join(", ")}</Fact>
          <Fact label="Created">
            <time dateTime={batch.created_at}>{formatDateTime(batch.created_at)}</time>
          </Fact>
          {batch.finished_at ? (
            <Fact label="Ended">
              <time dateTime={batch.finished_at}>{formatDateTime(batch.finished_at)}</time>
            </Fact>
          ) : null}
        </dl>
        <BatchControls batch={batch} />
      </CardContent>
    </Card>
  );
}

/** The results, read again whenever a row ends or starts (the progress polled above moves). */
function BatchResults({ batch }: { batch: Batch }) {
  const queryClient = useQueryClient();
  const results = useQuery(batchResultsQueryOptions(batch.id));
  const moved = `${batch.status}:${rowsDone(batch)}:${batch.counts.running}`;
  const [seen, setSeen] = useState(moved);
  useEffect(() => {
    if (moved === seen) return;
    setSeen(moved);
    void queryClient.invalidateQueries({ queryKey: batchKeys.results(batch.id) });
  }, [batch.id, moved, queryClient, seen]);

  return (
    <Card role="region" aria-labelledby="results-heading" className="min-w-0">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle id="results-heading" className="text-lg">
          Results
        </CardTitle>
        <Downloads batchId={batch.id} json={results.data} />
      </CardHeader>
      <CardContent className="min-w-0">
        <QueryStates
          query={results}
          loading={<LoadingBars label="Loading results" bars={["h-8 w-full", "h-8 w-full", "h-8 w-full"]} />}
          failed="The results could not be loaded."
          isEmpty={(data) => data.rows.length === 0}
          empty={<p className="text-sm text-muted-foreground">No rows yet.</p>}
        >
          {(data) => <BatchResultsTable columns={data.columns} rows={data.rows} />}
        </QueryStates>
      </CardContent>
    </Card>
  );
}

function Downloads({ batchId, json }: { batchId: string; json: { columns: string[]; rows: unknown[] } | undefined }) {
  const csv = useFileDownload({
    fetch: () => getBatchResultsCsv(batchId),
    fallbackName: `errand-batch-${batchId}.csv`,
    what: "The results",
  });
  return (
    <div className="flex flex-wrap gap-2">
      <BusyButton
        variant="outline"
        size="sm"
        busy={csv.busy}
        icon={<Download className="size-4" aria-hidden="true" />}
        onClick={() => csv.run()}
      >
        Download CSV
      </BusyButton>
      <Button
        variant="outline"
        size="sm"
        disabled={!json}
        onClick={() => json && downloadText(`errand-batch-${batchId}.json`, `${JSON.stringify(json, null, 2)}\n`, "application/json")}
      >
        <Download aria-hidden="true" />
        Download JSON
      </Button>
    </div>
  );
}
