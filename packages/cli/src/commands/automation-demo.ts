import { parseArgs } from "node:util";
import { loadConfig } from "@errand/config";
import { cancelRun } from "@errand/services/runs";
import { getAutomation, listAutomations, recordAutomationDemo, setAutomationDemo } from "@errand/services/automations";
import { localCaller } from "@errand/services/accounts";
import { ServiceError, type Caller } from "@errand/services";
import { createRuntime, type Runtime } from "../runtime/create-runtime.ts";
import { followRun } from "./follow-run.ts";
import { formatRunEnd } from "./format-step.ts";

const USAGE = `Usage: errand automation-demo <slug> [--prompt P]  record a demo: run the automation now with the model
                                                   (P: its prompt with the [placeholders] filled in);
                                                   if it succeeds, it becomes the automation's public demo
       errand automation-demo <slug> <run id>    make a run that succeeded the demo (and public)
       errand automation-demo <slug> none        remove the demo
       errand automation-demo --missing          record a demo for every automation without one
`;
// The same local account as `errand run`: the runs it records are its tasks.
const CLI_USER_EMAIL = "cli@errand.local";

/**
 * The automation demos the marketplace replays. Recording runs the automation's own settings
 * with the configured model (this process runs a worker; a server beside it may take the run
 * too), prints each step, and makes the run the demo when it succeeds. Exit code 0 when every
 * demo asked for was set, 1 otherwise, 2 for bad usage.
 */
export async function automationDemoCommand(args: string[]): Promise<number> {
  const parsed = parseUsage(args);
  if (!parsed) {
    process.stderr.write(USAGE);
    return 2;
  }
  if (parsed.kind === "link") return link(parsed.slug, parsed.runId);

  // The operator records on their own database: no balance checks, like `errand run`.
  const runtime = await createRuntime(loadConfig(), { billingEnabled: false, logLevel: "warn" });
  try {
    const slugs = parsed.kind === "record" ? [parsed.slug] : await slugsWithoutDemo(runtime);
    const prompt = parsed.kind === "record" ? parsed.prompt : undefined;
    if (slugs.length === 0) {
      process.stdout.write("Every automation that can be recorded has a demo.\n");
      return 0;
    }
    const caller = await localCaller({ ctx: runtime.ctx, input: { email: CLI_USER_EMAIL } });
    // Ctrl-C cancels the run being recorded and records no more.
    // The worker (the agent and its browser) starts with the first run to record: an automation
    // that is unknown or needs a saved login is refused without loading it.
    let worker: Promise<unknown> | undefined;
    const startWorker = () => (worker ??= runtime.startWorker(1, { schedules: false }));
    const session: Recording = { runtime, caller, interrupted: false, current: null, startWorker };
    const interrupt = () => {
      session.interrupted = true;
      if (session.current) void cancelRun({ ctx: runtime.ctx, caller, input: { runId: session.current } }).catch(() => undefined);
    };
    process.on("SIGINT", interrupt);
    try {
      let allSet = true;
      for (const slug of slugs) if (!session.interrupted) allSet = (await record(session, slug, prompt)) && allSet;
      return allSet && !session.interrupted ? 0 : 1;
    } finally {
      process.off("SIGINT", interrupt);
    }
  } finally {
    await runtime.close();
  }
}

interface Recording {
  runtime: Runtime;
  caller: Caller;
  interrupted: boolean;
  /** The run being recorded. */
  current: string | null;
  startWorker(): Promise<unknown>;
}

type Usage = { kind: "record"; slug: string; prompt?: string } | { kind: "missing" } | { kind: "link"; slug: string; runId: string | null };

function parseUsage(args: string[]): Usage | null {
  try {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { missing: { type: "boolean" }, prompt: { type: "string" } },
    });
    if (values.missing) return positionals.length === 0 && values.prompt === undefined ? { kind: "missing" } : null;
    const [slug, runArg, ...rest] = positionals;
    if (!slug || rest.length > 0) return null;
    if (runArg === undefined) return { kind: "record", slug, prompt: values.prompt };
    return values.prompt === undefined ? { kind: "link", slug, runId: runArg === "none" ? null : runArg } : null;
  } catch {
    return null;
  }
}

async function link(slug: string, runId: string | null): Promise<number> {
  const runtime = await createRuntime(loadConfig(), { logLevel: "warn" });
  try {
    // The operator may choose any run, whoever's it is (a local caller).
    const caller = await localCaller({ ctx: runtime.ctx, input: { email: CLI_USER_EMAIL } });
    const row = await setAutomationDemo({ ctx: runtime.ctx, caller, input: { slug, runId } });
    process.stdout.write(row.runId ? `${row.slug} now replays run ${row.runId}.\n` : `${row.slug} has no demo run.\n`);
    return 0;
  } catch (error) {
    return refused(error);
  } finally {
    await runtime.close();
  }
}

/** Runs one automation for its demo; true when the run succeeded and became the demo. */
async function record(session: Recording, slug: string, prompt?: string): Promise<boolean> {
  const { runtime, caller } = session;
  try {
    const { run } = await recordAutomationDemo({ ctx: runtime.ctx, caller, input: { slug, prompt } });
    session.current = run.id;
    process.stdout.write(`\nRecording a demo of ${slug}: run ${run.id}\n`);
    await session.startWorker();
    const ended = await followRun(runtime, caller, run.id, (text) => process.stdout.write(text));
    session.current = null;
    process.stdout.write(`\n${formatRunEnd(ended)}\n\n`);
    if (ended.status !== "success") {
      process.stdout.write(`${slug} keeps its demo: the run did not succeed.\n`);
      return false;
    }
    await setAutomationDemo({ ctx: runtime.ctx, caller, input: { slug, runId: run.id } });
    process.stdout.write(`${slug} now replays run ${run.id}.\n`);
    return true;
  } catch (error) {
    refused(error, slug);
    return false;
  }
}

/** The automations with no demo, except those that need a saved login (the agent would meet a login page). */
async function slugsWithoutDemo(runtime: Runtime): Promise<string[]> {
  const { automations } = await listAutomations({ ctx: runtime.ctx, input: {} });
  const slugs: string[] = [];
  for (const summary of automations) {
    if (summary.need_auth) {
      process.stdout.write(`Skipping ${summary.slug}: it needs a saved login.\n`);
      continue;
    }
    if (!(await getAutomation({ ctx: runtime.ctx, input: { slug: summary.slug } })).run_id) slugs.push(summary.slug);
  }
  return slugs;
}

/** A refusal the operator can act on (unknown automation, run not succeeded...) is printed; anything else is thrown. */
function refused(error: unknown, slug?: string): number {
  if (!(error instanceof ServiceError)) throw error;
  const message = error.fields?.map((f) => f.message).join("; ") || error.message;
  process.stderr.write(`${slug ? `${slug}: ` : ""}${message}.\n`);
  return 1;
}
