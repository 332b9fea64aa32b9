import { queryOptions } from "@tanstack/react-query";
import type { ErrandFile } from "@errand/contract";
import { callOperation } from "./operation";
import { runsKeys } from "./runs";

export const fileKeys = {
  /** A run's files; `steps` changes the key as steps arrive, so a download shows with its step. */
  run: (runId: string, steps: number) => [...runsKeys.run(runId), "files", steps] as const,
};

/** GET /runs/{id}/files: the uploads the run was given, then what sites downloaded during it. */
export const runFilesQueryOptions = (runId: string, steps: number) =>
  queryOptions({
    queryKey: fileKeys.run(runId, steps),
    queryFn: async ({ signal }): Promise<ErrandFile[]> => (await callOperation("listRunFiles", { params: { id: runId }, signal })).data,
    placeholderData: (previous) => previous,
  });

/** Where the browser fetches a file's bytes with the session: same origin, whatever base URL the server knows. */
export const fileContentPath = (file: Pick<ErrandFile, "content_url">) => new URL(file.content_url, window.location.origin).pathname;
