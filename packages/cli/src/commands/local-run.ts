import { loadConfig } from "@errand/config";
import type { RunSettingsInput } from "@errand/contract";
import { cancelRun, createTaskWithRun } from "@errand/services/runs";
import { localCaller } from "@errand/services/accounts";
import { createRuntime } from "../runtime/create-runtime.ts";
import { formatRunEnd } from "./format-step.ts";
import { followRun } from "./follow-run.ts";

const CLI_USER_EMAIL = "cli@errand.local";

/**
 * `errand run` on this machine: the embedded database (or DATABASE_URL) and a worker in this
 * process, the run's steps printed as they happen. Exit code 0 on success, 1 otherwise.
 */
export async function localRun(settings: RunSettingsInput): Promise<number> {
  // The operator runs on their own database: no balance checks for terminal runs.
  const runtime = await createRuntime(loadConfig(), { billingEnabled: false, logLevel: "warn" });
  try {
    const caller = await localCaller({ ctx: runtime.ctx, input: { email: CLI_USER_EMAIL } });
    const { run } = await createTaskWithRun({ ctx: runtime.ctx, caller, input: { settings } });
    process.stdout.write(`Run ${run.id} queued.\n`);

    process.once("SIGINT", () => void cancelRun({ ctx: runtime.ctx, caller, input: { runId: run.id } }).catch(() => undefined));
    await runtime.startWorker(1, { schedules: false });
    const final = await followRun(runtime, caller, run.id, (text) => process.stdout.write(text));
    process.stdout.write(`\n${formatRunEnd(final)}\n`);
    return final.status === "success" ? 0 : 1;
  } finally {
    await runtime.close();
  }
}
