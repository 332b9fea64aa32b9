import { queryOptions } from "@tanstack/react-query";
import { operationPath, API_V1_PREFIX, type SessionRecording } from "@errand/contract";
import { callOperation } from "./operation";
import { runsKeys } from "./runs";

/** GET /runs/{id}/recording: a finished run's session recording (docs/adr/0047-session-recordings.md); it never changes. */
export const sessionRecordingQueryOptions = (runId: string) =>
  queryOptions({
    queryKey: [...runsKeys.run(runId), "session-recording"] as const,
    queryFn: ({ signal }): Promise<SessionRecording> => callOperation("getRunRecording", { params: { id: runId }, signal }),
    staleTime: Infinity,
    // A 404 says why there is none: asking again will not change it.
    retry: false,
  });

/** Where the browser downloads the recording's JSON with the session. */
export const sessionRecordingPath = (runId: string) => `${API_V1_PREFIX}${operationPath("/runs/{id}/recording", { id: runId })}`;
