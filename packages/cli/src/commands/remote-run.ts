import { Errand, runUrl, type CreateRunRequest } from "@errand/sdk";
import { formatRunEnd, formatStep } from "./format-step.ts";

/**
 * `errand run` against a server elsewhere (ERRAND_URL with ERRAND_API_KEY), through the SDK:
 * the run is created with the account's key, its steps are printed as they happen, and Ctrl-C
 * cancels it. Exit code 0 on success, 1 otherwise.
 */
export async function remoteRun(
  settings: CreateRunRequest,
  remote: { baseUrl: string; apiKey: string },
  write: (text: string) => void,
): Promise<number> {
  const errand = new Errand({ baseUrl: remote.baseUrl, apiKey: remote.apiKey, userAgent: "errand-cli" });
  const run = await errand.runs.create(settings);
  write(`Run ${run.id} queued.\n${runUrl(errand.baseUrl, run)}\n`);

  const stop = new AbortController();
  const onInterrupt = () => {
    stop.abort();
    void errand.runs.cancel(run.id).catch(() => undefined);
  };
  process.once("SIGINT", onInterrupt);
  try {
    const ended = await errand.runs.wait(run.id, { signal: stop.signal, onStep: (step) => write(`${formatStep(step)}\n`) });
    write(`\n${formatRunEnd(ended)}\n`);
    return ended.status === "success" ? 0 : 1;
  } catch (error) {
    if (stop.signal.aborted) {
      write("\nCancelled.\n");
      return 1;
    }
    throw error;
  } finally {
    process.off("SIGINT", onInterrupt);
  }
}
