import { loadConfig } from "@errand/config";
import { setAutomationDemo } from "@errand/services";
import { createRuntime } from "../runtime/create-runtime.ts";

const USAGE = "Usage: errand automation-demo <automation slug> <public run id | none>\n";

/** Links a public run as an automation's demo replay, or unlinks it with "none". */
export async function automationDemoCommand(args: string[]): Promise<number> {
  const [slug, runArg] = args;
  if (!slug || !runArg) {
    process.stderr.write(USAGE);
    return 2;
  }
  const runtime = await createRuntime(loadConfig());
  try {
    const row = await setAutomationDemo({ ctx: runtime.ctx, input: { slug, runId: runArg === "none" ? null : runArg } });
    process.stdout.write(row.runId ? `${row.slug} now replays run ${row.runId}.\n` : `${row.slug} has no demo run.\n`);
    return 0;
  } finally {
    await runtime.close();
  }
}
