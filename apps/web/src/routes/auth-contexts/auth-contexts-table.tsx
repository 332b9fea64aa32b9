import { useId } from "react";
import { Link } from "react-router";
import { LogIn, Trash2 } from "lucide-react";
import type { AuthContext } from "@errand/contract";
import { Button } from "../../components/ui/button";
import { IconButton } from "../../components/ui/icon-button";
import { Skeleton } from "../../components/ui/skeleton";
import { formatDateTime } from "../../lib/format/display-format";
import { formatRelativeTime } from "../../lib/format/relative-time";
import { useNow } from "../../lib/hooks/use-now";
import { cn } from "../../components/ui/cn";

const COLUMNS = ["Name", "URLs", "Created", "Updated", "Actions"] as const;
/** On a phone these columns are folded into the Name cell, so the delete button stays in view. */
const WIDE_ONLY = new Set<string>(["URLs", "Created", "Updated"]);
const SKELETON_ROWS = 3;
const headClass = "px-4 py-3 whitespace-nowrap";
const cellClass = "px-4 py-3 align-middle";
const wideCellClass = `${cellClass} hidden sm:table-cell`;

interface AuthContextsTableProps {
  contexts: AuthContext[];
  onDelete: (context: AuthContext) => void;
}

/**
 * Name, URLs, Created, Updated (relative, exact in the tooltip) and, per row, Log in again (a
 * live browser on the saved login, to refresh it) and delete.
 * On a phone the URLs and the update time are shown under the name instead of in columns.
 */
export function AuthContextsTable({ contexts, onDelete }: AuthContextsTableProps) {
  const captionId = useId();
  const now = useNow();
  return (
    // Focusable so keyboard users can scroll it sideways on narrow screens.
    <div className="overflow-x-auto" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="w-full text-sm sm:min-w-[40rem]">
        <caption id={captionId} className="sr-only">
          Your auth contexts
        </caption>
        <TableHead />
        <tbody>
          {contexts.map((context) => (
            <tr key={context.id} className="border-b last:border-0">
              <td className={`${cellClass} w-full max-w-0 sm:w-auto sm:max-w-64`}>
                <span className="font-medium break-words">{context.name}</span>
                {context.proxy ? (
                  <span className="block text-xs break-all text-muted-foreground" title={context.proxy.server}>
                    Through proxy pool {context.proxy.pool}
                    {context.proxy.country ? ` (${context.proxy.country.toUpperCase()})` : ""}
                  </span>
                ) : null}
                <div className="mt-1 grid gap-0.5 text-xs text-muted-foreground sm:hidden">
                  <UrlList urls={context.urls} />
                  <span>
                    Updated <RelativeTime iso={context.updated_at} now={now} />
                  </span>
                </div>
              </td>
              <td className={`${wideCellClass} max-w-80`}>
                <UrlList urls={context.urls} />
              </td>
              <td className={`${wideCellClass} whitespace-nowrap`}>
                <RelativeTime iso={context.created_at} now={now} />
              </td>
              <td className={`${wideCellClass} whitespace-nowrap`}>
                <RelativeTime iso={context.updated_at} now={now} />
              </td>
              <td className={cn(cellClass, "py-1.5 text-right whitespace-nowrap")}>
                <Button asChild variant="ghost" size="sm" className="h-10 px-3 text-muted-foreground hover:text-foreground">
                  <Link
                    to={`/auth-contexts/${context.id}/login`}
                    aria-label={`Log in again to ${context.name}`}
                    title="Log in again (refresh this saved login)"
                  >
                    <LogIn aria-hidden="true" />
                    <span className="hidden sm:inline">Log in again</span>
                  </Link>
                </Button>
                <IconButton
                  label={`Delete ${context.name}`}
                  icon={<Trash2 aria-hidden="true" />}
                  tone="destructive"
                  onClick={() => onDelete(context)}
                />
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
          <th
            key={column}
            scope="col"
            className={cn(headClass, column === "Actions" && "text-right", WIDE_ONLY.has(column) && "hidden sm:table-cell")}
          >
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function UrlList({ urls }: { urls: string[] }) {
  return (
    <ul className="grid gap-0.5">
      {urls.map((url, index) => (
        <li key={`${index}-${url}`} className="truncate text-muted-foreground" title={url}>
          {url}
        </li>
      ))}
    </ul>
  );
}

function RelativeTime({ iso, now }: { iso: string; now: number }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatRelativeTime(iso, now)}
    </time>
  );
}

/** Each column's cell and the bar standing in for its text. */
const SKELETON_CELLS = [
  [cellClass, "h-4 w-32"],
  [wideCellClass, "h-4 w-48"],
  [wideCellClass, "h-4 w-24"],
  [wideCellClass, "h-4 w-24"],
  [`${cellClass} text-right`, "ml-auto h-8 w-16 sm:w-36"],
] as const;

export function AuthContextsTableSkeleton() {
  return (
    <div className="overflow-x-auto" role="status" aria-label="Loading auth contexts">
      <table className="w-full text-sm sm:min-w-[40rem]" aria-hidden="true">
        <TableHead />
        <tbody>
          {Array.from({ length: SKELETON_ROWS }, (_, index) => (
            <tr key={index} className="border-b last:border-0">
              {SKELETON_CELLS.map(([cell, bar], column) => (
                <td key={column} className={cell}>
                  <Skeleton className={bar} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
