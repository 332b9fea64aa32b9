import type { AuditEvent } from "@errand/contract";
import { TableHead } from "../../components/ui/table-head";
import { formatDateTime } from "../../lib/format/display-format";
import { actorText, eventText } from "./audit-event-text";

const COLUMNS = ["When", "Event", "Who", "Address"] as const;

const cellClass = "px-4 py-3 align-top";

/** The events: a table on wide screens, a stacked list on narrow ones (each shows the same words). */
export function AuditEventsList({ events }: { events: AuditEvent[] }) {
  return (
    <>
      <table className="hidden w-full text-sm sm:table">
        <caption className="sr-only">Audit events, newest first</caption>
        <TableHead columns={COLUMNS} cellClass={cellClass} />
        <tbody>
          {events.map((event) => (
            <tr key={event.id} className="border-b last:border-0">
              <td className={`${cellClass} whitespace-nowrap`}>
                <time dateTime={event.at}>{formatDateTime(event.at)}</time>
              </td>
              <td className={`${cellClass} break-words`}>{eventText(event)}</td>
              <td className={`${cellClass} break-all`}>{actorText(event)}</td>
              <td className={`${cellClass} whitespace-nowrap text-muted-foreground`}>{event.ip ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="divide-y sm:hidden" aria-label="Audit events, newest first">
        {events.map((event) => (
          <li key={event.id} className="px-4 py-3 text-sm">
            <p className="font-medium break-words">{eventText(event)}</p>
            <p className="mt-1 break-all text-muted-foreground">{actorText(event)}</p>
            <p className="mt-1 text-xs text-muted-foreground">
              <time dateTime={event.at}>{formatDateTime(event.at)}</time>
              {event.ip ? ` · ${event.ip}` : null}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
