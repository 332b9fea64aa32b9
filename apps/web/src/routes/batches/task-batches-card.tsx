import { useState } from "react";
import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { ListChecks } from "lucide-react";
import { promptInputNames, type Batch, type Task } from "@errand/contract";
import { taskBatchesQueryOptions } from "../../api/batches";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { LoadingBars } from "../../components/ui/skeleton";
import { QueryStates } from "../../components/ui/query-states";
import { formatDateTime } from "../../lib/format/display-format";
import { progressText, rowsDone } from "../../lib/batches/batch-labels";
import { RoleNote } from "../../workspaces/role-note";
import { useCan } from "../../workspaces/use-workspace-allows";
import { BatchProgressBar, BatchStatusBadge } from "./batch-status-badge";
import { RunOverListDialog } from "./run-over-list-dialog";

/**
 * The task page's "Run over a list" (docs/adr/0041-batches.md): when the prompt names inputs as
 * {{name}}, a button that runs the task once per row of a list, and the task's batches; else how
 * to name inputs.
 */
export function TaskBatchesCard({ task }: { task: Pick<Task, "id" | "prompt"> }) {
  const inputs = promptInputNames(task.prompt);
  const canRun = useCan("run");
  const [open, setOpen] = useState(false);
  const batches = useQuery({ ...taskBatchesQueryOptions(task.id) });
  return (
    <Card role="region" aria-labelledby="batches-heading">
      <CardHeader>
        <CardTitle id="batches-heading" className="text-lg">
          Run over a list
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {inputs.length ? (
          <>
            <p className="text-sm text-muted-foreground">
              Run this task once per row of a CSV or JSON list, each row's values in place of{" "}
              {inputs.map((input) => `{{${input}}}`).join(", ")}.
            </p>
            {canRun ? (
              <Button className="justify-self-start" onClick={() => setOpen(true)}>
                <ListChecks className="size-4" aria-hidden="true" />
                Run over a list
              </Button>
            ) : (
              <RoleNote operation="run" what="run it over a list" />
            )}
          </>
        ) : (
          <p className="text-sm text-muted-foreground">
            To run this task over a list, name its inputs in the prompt as {"{{name}}"}, e.g. &ldquo;Find the opening hours of {"{{shop}}"}{" "}
            in {"{{city}}"}&rdquo;, and save it.
          </p>
        )}
        <QueryStates
          query={batches}
          loading={<LoadingBars label="Loading batches" bars={["h-5 w-2/3", "h-5 w-1/2"]} />}
          failed="The batches could not be loaded."
          empty={inputs.length ? <p className="text-sm text-muted-foreground">No batches yet.</p> : null}
        >
          {(list) => <BatchList taskId={task.id} batches={list} />}
        </QueryStates>
      </CardContent>
      {open ? <RunOverListDialog task={task} inputs={inputs} onClose={() => setOpen(false)} /> : null}
    </Card>
  );
}

function BatchList({ taskId, batches }: { taskId: string; batches: Batch[] }) {
  return (
    <ul aria-label="Batches" className="grid gap-2">
      {batches.map((batch) => (
        <li key={batch.id}>
          <Link
            to={`/tasks/${taskId}/batches/${batch.id}`}
            className="grid gap-2 rounded-md border p-3 text-sm hover:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <span className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium">
                Batch of {batch.total_rows.toLocaleString("en-US")} {batch.total_rows === 1 ? "row" : "rows"}
              </span>
              <BatchStatusBadge status={batch.status} />
            </span>
            <BatchProgressBar done={rowsDone(batch)} total={batch.total_rows} label="Progress" />
            <span className="flex flex-wrap justify-between gap-x-3 text-xs text-muted-foreground">
              <span>{progressText(batch)}</span>
              <time dateTime={batch.created_at}>{formatDateTime(batch.created_at)}</time>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
