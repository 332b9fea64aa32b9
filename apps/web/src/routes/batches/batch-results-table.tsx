import { useState } from "react";
import { Link } from "react-router";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { VERDICTS, type Verdict } from "@errand/contract";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { ROW_OUTCOME_LABELS, VERDICT_LABELS } from "../../lib/batches/batch-labels";

/** Rows per page of the table: a 1,000-row batch is 20 pages, and the DOM stays small. */
export const RESULTS_PAGE = 50;

type Line = Record<string, string | null>;

/** The run's page inside the app, from the run_url the results give (an absolute link to it). */
function runPath(line: Line): string | null {
  if (!line.run_url) return null;
  try {
    return new URL(line.run_url).pathname;
  } catch {
    return null;
  }
}

/**
 * The batch's results: a row per row of the list (its number links to its run), the inputs, the
 * outcome and the verdict in words and colour, then the answer's fields. The table scrolls
 * sideways inside its own box; pages of 50 rows.
 */
export function BatchResultsTable({ columns, rows }: { columns: string[]; rows: Line[] }) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(rows.length / RESULTS_PAGE));
  const current = Math.min(page, pages - 1);
  const shown = rows.slice(current * RESULTS_PAGE, (current + 1) * RESULTS_PAGE);
  // The run's id and link are the row number's link.
  const visible = columns.filter((c) => c !== "run_id" && c !== "run_url");
  return (
    <div className="grid min-w-0 gap-3">
      <div className="max-h-[32rem] min-w-0 overflow-auto rounded-md border" tabIndex={0} role="region" aria-label="Results table">
        <table className="w-full text-left text-sm">
          <thead className="sticky top-0 border-b bg-muted text-xs font-medium tracking-wide text-muted-foreground">
            <tr>
              {visible.map((column) => (
                <th key={column} scope="col" className="px-3 py-2 whitespace-nowrap">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((line) => (
              <tr key={line.row} className="border-b last:border-0" data-row={line.row}>
                {visible.map((column) => (
                  <td key={column} className="max-w-72 px-3 py-2 align-top break-words">
                    <ResultCell column={column} line={line} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <nav aria-label="Results pages" className="flex flex-wrap items-center gap-2 text-sm">
          <Button variant="outline" size="sm" disabled={current === 0} onClick={() => setPage(current - 1)}>
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
          <span aria-live="polite">
            Rows {current * RESULTS_PAGE + 1} to {Math.min(rows.length, (current + 1) * RESULTS_PAGE)} of {rows.length}
          </span>
          <Button variant="outline" size="sm" disabled={current === pages - 1} onClick={() => setPage(current + 1)}>
            Next
            <ChevronRight aria-hidden="true" />
          </Button>
        </nav>
      ) : null}
    </div>
  );
}

function ResultCell({ column, line }: { column: string; line: Line }) {
  const value = line[column] ?? null;
  if (column === "row") {
    const path = runPath(line);
    return path ? (
      <Link to={path} className="font-medium text-primary underline-offset-4 hover:underline" aria-label={`Row ${value}: open its run`}>
        {value}
      </Link>
    ) : (
      <span>{value}</span>
    );
  }
  if (column === "outcome" && value) {
    const shown = ROW_OUTCOME_LABELS[value as keyof typeof ROW_OUTCOME_LABELS] ?? { label: value, tone: "neutral" as const };
    return (
      <Badge tone={shown.tone} data-outcome={value}>
        {shown.label}
      </Badge>
    );
  }
  if (column === "verdict") {
    if (!value || !(VERDICTS as readonly string[]).includes(value)) return <span className="text-muted-foreground">—</span>;
    const shown = VERDICT_LABELS[value as Verdict];
    return (
      <Badge tone={shown.tone} data-verdict={value}>
        {shown.label}
      </Badge>
    );
  }
  return value === null || value === "" ? (
    <span className="text-muted-foreground">—</span>
  ) : (
    <span className="whitespace-pre-wrap">{value}</span>
  );
}
