import { parseArgs } from "node:util";
import { FAILURE_KINDS, FAILURE_KIND_LABELS, type FailureKind } from "@errand/contract";
import { Errand } from "@errand/sdk";

const USAGE = "Usage: errand runs [--failure-kind KIND[,KIND]]... [--limit N] (with ERRAND_URL and ERRAND_API_KEY)";

/**
 * `errand runs`: the account's latest runs on a server (ERRAND_URL, ERRAND_API_KEY), newest
 * first, one line each with its failure kind (docs/adr/0042-failure-kinds.md). --failure-kind
 * keeps the runs that ended with one of the kinds; a kind not in the contract's list is refused
 * before anything is asked of the server. Exit code 0, 2 for bad usage.
 */
export async function runsCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { "failure-kind": { type: "string", multiple: true }, limit: { type: "string" } },
  });
  const remote = { baseUrl: process.env.ERRAND_URL, apiKey: process.env.ERRAND_API_KEY };
  if (!remote.baseUrl || !remote.apiKey) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const kinds = (values["failure-kind"] ?? [])
    .flatMap((v) => v.split(","))
    .map((k) => k.trim())
    .filter(Boolean);
  const unknown = kinds.filter((k) => !(FAILURE_KINDS as readonly string[]).includes(k));
  if (unknown.length) {
    process.stderr.write(`Unknown failure kind ${unknown.map((k) => `"${k}"`).join(", ")}. Kinds: ${FAILURE_KINDS.join(", ")}\n`);
    return 2;
  }
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  const errand = new Errand({ baseUrl: remote.baseUrl, apiKey: remote.apiKey, userAgent: "errand-cli" });
  const runs = await errand.runs.list({ limit, failure_kind: kinds as FailureKind[] });
  if (!runs.length) process.stdout.write(kinds.length ? "No runs ended with these failure kinds.\n" : "No runs yet.\n");
  for (const run of runs) process.stdout.write(`${formatRunLine(run)}\n`);
  return 0;
}

/** "<id>  <created at>  failed  agent_gave_up (The agent could not do the task)  <prompt>". */
export function formatRunLine(run: { id: string; created_at: string; status: string; failure_kind: FailureKind | null; prompt: string }) {
  const failure = run.failure_kind ? `${run.failure_kind} (${FAILURE_KIND_LABELS[run.failure_kind]})` : "-";
  const prompt = run.prompt.replace(/\s+/g, " ").slice(0, 80);
  return [run.id, run.created_at, run.status, failure, prompt].join("  ");
}
