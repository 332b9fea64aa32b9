import { useId, useState } from "react";
import { Link } from "react-router";
import { useInfiniteQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction } from "@errand/contract";
import { auditEventsQueryOptions } from "../../api/audit-events";
import { BusyButton } from "../../components/ui/busy-button";
import { Card, CardContent } from "../../components/ui/card";
import { LoadError } from "../../components/ui/load-error";
import { LabelledOptions, NativeSelect } from "../../components/ui/select";
import { PageSpinner } from "../../components/ui/spinner";
import { PageTitle } from "../../lib/page/page-title";
import { useWorkspaces } from "../../workspaces/use-workspaces";
import { canManage } from "../workspace/can-manage";
import { AuditEventsList } from "./audit-events-list";

/** /workspace/audit-log: the workspace's security-relevant events, newest first (owners and admins). */
export function AuditLogPage() {
  const { current } = useWorkspaces();
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <PageTitle title="Audit log" />
      <Link to="/workspace" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Workspace settings
      </Link>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">Audit log</h1>
      <p className="mt-2 text-muted-foreground">
        Who changed members, keys, credits, saved logins and credentials, when, and from which address.
      </p>
      {!current ? (
        <PageSpinner />
      ) : canManage(current) ? (
        <AuditLog />
      ) : (
        <p className="mt-6 rounded-md border p-4 text-sm text-muted-foreground">
          Only the workspace's owners and admins can read its audit log.
        </p>
      )}
    </div>
  );
}

function AuditLog() {
  const filterId = useId();
  const [action, setAction] = useState<AuditAction | undefined>(undefined);
  const events = useInfiniteQuery(auditEventsQueryOptions(action));
  const rows = events.data?.pages.flatMap((page) => page.audit_events) ?? [];
  return (
    <>
      <div className="mt-6 flex max-w-xs flex-col gap-1.5">
        <label htmlFor={filterId} className="text-sm font-medium">
          Event
        </label>
        <NativeSelect
          id={filterId}
          value={action ?? ""}
          onChange={(e) => setAction((e.target.value || undefined) as AuditAction | undefined)}
        >
          <option value="">All events</option>
          <LabelledOptions values={AUDIT_ACTIONS} labels={AUDIT_ACTION_LABELS} />
        </NativeSelect>
      </div>
      <Card className="mt-4">
        <CardContent className="px-0 py-0 sm:px-0">
          {events.isError ? (
            <LoadError className="justify-center px-6 py-10" message="The audit log could not be loaded." query={events} />
          ) : events.isPending ? (
            <PageSpinner />
          ) : rows.length === 0 ? (
            <p className="px-6 py-10 text-center text-muted-foreground">No events yet</p>
          ) : (
            <AuditEventsList events={rows} />
          )}
        </CardContent>
      </Card>
      {events.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <BusyButton variant="outline" busy={events.isFetchingNextPage} onClick={() => void events.fetchNextPage()}>
            Load more
          </BusyButton>
        </div>
      ) : null}
    </>
  );
}
