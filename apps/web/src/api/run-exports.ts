import { queryOptions } from "@tanstack/react-query";
import type { RunDownload, RunTrace } from "@errand/contract";
import { callOperation, operationUrl } from "./operation";
import { runsKeys } from "./runs";

/** GET /runs/{id}/trace: the run's spans and each step's time split (docs/adr/0051-run-har-trace-bundle.md). */
export const runTraceQueryOptions = (runId: string) =>
  queryOptions({
    queryKey: [...runsKeys.run(runId), "trace"] as const,
    queryFn: ({ signal }): Promise<RunTrace> => callOperation("getRunTrace", { params: { id: runId }, signal }),
  });

/** Where the browser downloads one of the run's files with the session (same origin). */
export const runDownloadPath = (runId: string, download: RunDownload) => operationUrl(DOWNLOAD_OPERATIONS[download], { id: runId });

const DOWNLOAD_OPERATIONS = { har: "getRunHar", trace: "getRunTrace", bundle: "getRunBundle" } as const;
