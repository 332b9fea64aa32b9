import { infiniteQueryOptions } from "@tanstack/react-query";
import type { AuditAction, AuditEventList } from "@errand/contract";
import { callOperation } from "./operation";

export const auditEventsQueryKey = ["audit-events"] as const;

/** GET /audit-events, a page at a time, newest first; `action` narrows it to one kind of event. */
export const auditEventsQueryOptions = (action: AuditAction | undefined) =>
  infiniteQueryOptions({
    queryKey: [...auditEventsQueryKey, action ?? "all"] as const,
    queryFn: ({ signal, pageParam }): Promise<AuditEventList> =>
      callOperation("listAuditEvents", {
        signal,
        query: { ...(action ? { action } : {}), ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
