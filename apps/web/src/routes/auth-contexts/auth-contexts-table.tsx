import { useId } from "react";
import { Trash2 } from "lucide-react";
import type { AuthContext } from "@errand/contract";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { formatDateTime } from "../../lib/display-format";
import { formatRelativeTime } from "../../lib/relative-time";
import { useNow } from "../../lib/use-now";
import { cn } from "../../lib/utils";

const COLUMNS = ["Name", "URLs", "Created", "Updated", "Actions"] as const;
const SKELETON_ROWS = 3;
const headClass = "px-4 py-3 whitespace-nowrap";
const cellClass = "px-4 py-3 align-middle";

interface AuthContextsTableProps {
  contexts: AuthContext[];
  onDelete: (context: AuthContext) => void;
}

/** Name, URLs, Created, Updated (relative, exact in the tooltip) and a delete action per row. */
export function AuthContextsTable({ contexts, onDelete }: AuthContextsTableProps) {
  const captionId = useId();
  const now = useNow();
  return (
    // Focusable so keyboard users can scroll it sideways on narrow screens.
    <div className="overflow-x-auto" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="w-full min-w-[40rem] text-sm">
        <caption id={captionId} className="sr-only">
          Your auth contexts
        </caption>
        <TableHead />
        <tbody>
          {contexts.map((context) => (
            <tr key={context.id} className="border-b last:border-0">
              <td className={`${cellClass} max-w-64 font-medium break-words`}>{context.name}</td>
              <td className={`${cellClass} max-w-80`}>
                <ul className="grid gap-0.5">
                  {context.urls.map((url, index) => (
                    <li key={`${index}-${url}`} className="truncate text-muted-foreground" title={url}>
                      {url}
                    </li>
                  ))}
                </ul>
              </td>
              <td className={`${cellClass} whitespace-nowrap`}>
                <RelativeTime iso={context.created_at} now={now} />
              </td>
              <td className={`${cellClass} whitespace-nowrap`}>
                <RelativeTime iso={context.updated_at} now={now} />
              </td>
              <td className={cn(cellClass, "py-1.5 text-right")}>
                <Button
                  variant="ghost"
                  size="icon"
                  onClick={() => onDelete(context)}
                  aria-label={`Delete ${context.name}`}
                  title={`Delete ${context.name}`}
                  className="text-muted-foreground hover:text-destructive"
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TableHead() {
  return (
    <thead className="border-b bg-muted/50 text-left text-xs font-medium tracking-wide text-muted-foreground uppercase">
      <tr>
        {COLUMNS.map((column) => (
          <th key={column} scope="col" className={column === "Actions" ? `${headClass} text-right` : headClass}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function RelativeTime({ iso, now }: { iso: string; now: number }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatRelativeTime(iso, now)}
    </time>
  );
}

export function AuthContextsTableSkeleton() {
  return (
    <div className="overflow-x-auto" role="status" aria-label="Loading auth contexts">
      <table className="w-full min-w-[40rem] text-sm" aria-hidden="true">
        <TableHead />
        <tbody>
          {Array.from({ length: SKELETON_ROWS }, (_, index) => (
            <tr key={index} className="border-b last:border-0">
              <td className={cellClass}>
                <Skeleton className="h-4 w-32" />
              </td>
              <td className={cellClass}>
                <Skeleton className="h-4 w-48" />
              </td>
              <td className={cellClass}>
                <Skeleton className="h-4 w-24" />
              </td>
              <td className={cellClass}>
                <Skeleton className="h-4 w-24" />
              </td>
              <td className={`${cellClass} text-right`}>
                <Skeleton className="ml-auto size-8" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
