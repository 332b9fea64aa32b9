import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { loadConfig } from "@errand/config";
import { FINAL_RUN_STATUSES } from "@errand/contract";
import { cancelRun, createTaskWithRun, ensureLocalUser, getRun } from "@errand/services";
import { createRuntime } from "../runtime/create-runtime.ts";
import { formatStep } from "./format-step.ts";

const isFinalStatus = (status: string) => (FINAL_RUN_STATUSES as readonly string[]).includes(status);

const CLI_USER_EMAIL = "cli@errand.local";
const USAGE = `Usage: errand run "<prompt>" [--url URL] [--schema file.json] [--timeout SECONDS] [--model MODEL] [--provider openai|anthropic]`;

/**
 * Runs one task from the terminal against the embedded database (or DATABASE_URL), printing each
 * step as it happens and the result at the end. Exit code 0 on success, 1 otherwise, 2 for bad usage.
 */
export async function runCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      url: { type: "string" },
      schema: { type: "string" },
      timeout: { type: "string" },
      model: { type: "string" },
      provider: { type: "string" },
    },
  });
  const prompt = positionals.join(" ").trim();
  if (!prompt) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const jsonSchema = values.schema ? await readFile(values.schema, "utf8") : undefined;

  // The operator runs on their own database: no balance checks for terminal runs.
  const runtime = await createRuntime(loadConfig(), { billingEnabled: false, logLevel: "warn" });
  try {
    const { userId } = await ensureLocalUser({ ctx: runtime.ctx, input: { email: CLI_USER_EMAIL } });
    const { run } = await createTaskWithRun({
      ctx: runtime.ctx,
      input: {
        userId,
        settings: {
          prompt,
          initial_url: values.url,
          session_timeout: values.timeout,
          model: values.model,
          provider: values.provider as "openai" | "anthropic" | undefined,
          response_format: jsonSchema ? "json" : "text",
          json_schema: jsonSchema,
        },
      },
    });
    process.stdout.write(`Run ${run.id} queued.\n`);

    let printed = 0;
    const printNewSteps = async () => {
      const { run: current, steps } = await getRun({ ctx: runtime.ctx, input: { userId, runId: run.id, afterStep: printed } });
      for (const step of steps) {
        process.stdout.write(`${formatStep(step)}\n`);
        printed = step.number;
      }
      return current;
    };
    const ended = new Promise<void>((resolve) => {
      runtime.events.subscribe(run.id, (event) => {
        if (event.type === "status") resolve();
        // After a lost database connection (resync) the run may have ended meanwhile.
        else void printNewSteps().then((current) => (event.type === "resync" && isFinalStatus(current.status) ? resolve() : undefined), () => undefined);
      });
    });
    process.once("SIGINT", () => void cancelRun({ ctx: runtime.ctx, input: { userId, runId: run.id } }).catch(() => undefined));
    await runtime.startWorker(1);
    await ended;
    const final = await printNewSteps();
    process.stdout.write(`\nStatus: ${final.status}${final.status_reason ? ` (${final.status_reason})` : ""}\n`);
    process.stdout.write(`Time: ${final.execution_time?.toFixed(1) ?? "?"} s, tokens: ${final.input_tokens} in / ${final.output_tokens} out\n`);
    if (final.result !== null) process.stdout.write(`\nResult:\n${final.result}\n`);
    return final.status === "success" ? 0 : 1;
  } finally {
    await runtime.close();
  }
}
