import { useMemo, useState, type ReactNode } from "react";
import { AlertCircle, Check, Copy, Download, Table2, Text } from "lucide-react";
import { FAILURE_KIND_LABELS, type Run } from "@errand/contract";
import { copyText, downloadText } from "../../lib/browser/clipboard";
import { notify } from "../ui/notify";
import { csvFileName, formatResultText, toCsv, toResultTable, type ResultTable } from "../../lib/runs/results-table";
import { statusTone } from "../../lib/runs/run-status";
import { cn } from "../ui/cn";
import { Button } from "../ui/button";
import { Spinner } from "../ui/spinner";
import { RunPanel } from "./run-panel";

type View = "table" | "text";

/** `failure` may be missing on a run shown from older shapes (a shared replay): the message then stands alone. */
type ResultRun = Pick<Run, "status" | "status_reason" | "result"> & { failure?: Run["failure"] };

/**
 * The Results panel (spec section 4): a JSON result with exactly one key holding a non-empty
 * list shows as a table by default, with a text/table toggle and a CSV download; else text.
 */
export function ResultsPanel({
  run,
  headingLevel = "h3",
}: {
  run: ResultRun;
  /** The heading's level where the panel sits (h2 on the task page, h3 in a replay). */
  headingLevel?: "h2" | "h3";
}) {
  const table = useMemo(() => toResultTable(run.result), [run.result]);
  const [view, setView] = useState<View>("table");
  const shown: View = table ? view : "text";
  const text = formatResultText(run.result);
  const hasResult = Boolean(run.result?.trim());

  return (
    <RunPanel
      id="results-heading"
      title="Results"
      headingLevel={headingLevel}
      aside={hasResult ? <ResultActions table={table} shown={shown} onView={setView} text={text} /> : null}
    >
      <RunOutcome run={run} />
      {hasResult ? (
        shown === "table" && table ? (
          <ResultTableView table={table} />
        ) : (
          <pre className="max-h-96 overflow-auto rounded-lg border bg-muted/40 p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap break-words">
            {text}
          </pre>
        )
      ) : run.status === "success" ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">The run finished without a result.</p>
      ) : null}
    </RunPanel>
  );
}

/** Table or Text, Download CSV (tables), and Copy. */
function ResultActions({
  table,
  shown,
  onView,
  text,
}: {
  table: ResultTable | null;
  shown: View;
  onView: (view: View) => void;
  text: string;
}) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await copyText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      notify.error("Error", "Could not copy the result.");
    }
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      {table ? (
        <div className="inline-flex rounded-md border bg-muted p-0.5" role="group" aria-label="Result view">
          <ViewButton active={shown === "table"} onClick={() => onView("table")} icon={<Table2 aria-hidden="true" />}>
            Table
          </ViewButton>
          <ViewButton active={shown === "text"} onClick={() => onView("text")} icon={<Text aria-hidden="true" />}>
            Text
          </ViewButton>
        </div>
      ) : null}
      {table ? (
        <Button variant="outline" size="sm" onClick={() => downloadText(csvFileName(), toCsv(table))} aria-label="Download CSV">
          <Download aria-hidden="true" />
          {/* A phone's row holds the view, the download and Copy together only with the short word. */}
          <span className="sm:hidden">CSV</span>
          <span className="hidden sm:inline">Download CSV</span>
        </Button>
      ) : null}
      <Button variant="ghost" size="sm" onClick={() => void copy()} aria-label="Copy result">
        {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        <span className="hidden sm:inline">{copied ? "Copied" : "Copy"}</span>
      </Button>
    </div>
  );
}

/** While pending, where the result will come; when it failed, why. */
function RunOutcome({ run }: { run: ResultRun }) {
  if (run.status === "pending")
    return (
      <p className="flex items-center gap-2 rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
        <Spinner />
        The result will appear here when the run ends.
      </p>
    );
  if (run.status === "success" || !run.status_reason) return null;
  return (
    <p
      role="alert"
      className={cn(
        "flex items-start gap-2 rounded-lg border p-3 text-sm",
        statusTone(run.status) === "failure" ? "border-red-200 bg-red-50 text-red-900" : "bg-muted text-foreground",
      )}
    >
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0 break-words">
        {run.failure ? (
          <strong className="font-semibold" data-failure-kind={run.failure.kind}>
            {FAILURE_KIND_LABELS[run.failure.kind]}:{" "}
          </strong>
        ) : null}
        {run.status_reason}
      </span>
    </p>
  );
}

function ViewButton({ active, onClick, icon, children }: { active: boolean; onClick: () => void; icon: ReactNode; children: string }) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={cn(
        "inline-flex h-8 items-center gap-1.5 rounded px-3 text-sm font-medium text-muted-foreground transition-colors [&_svg]:size-4",
        active && "bg-background text-foreground shadow-sm",
      )}
    >
      {icon}
      {children}
    </button>
  );
}

function ResultTableView({ table }: { table: ResultTable }) {
  if (table.rows.length === 0 || table.columns.length === 0) {
    return <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">No table data available</p>;
  }
  return (
    <div className="max-h-64 overflow-auto rounded-lg border" tabIndex={0} role="region" aria-label={`Result table: ${table.key}`}>
      <table className="w-full text-sm">
        <caption className="sr-only">
          {table.key}: {table.rows.length} rows
        </caption>
        <thead className="sticky top-0 bg-muted text-left">
          <tr>
            {table.columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, rowIndex) => (
            <tr key={rowIndex} className="border-t align-top">
              {row.map((cell, cellIndex) => (
                <td key={cellIndex} className="max-w-xs px-3 py-2 break-words">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
