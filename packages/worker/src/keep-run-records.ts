import type { AgentStep } from "@errand/agent";
import type { ServiceContext } from "@errand/services";
import { runHarKey, runTraceKey, type FileStorage } from "@errand/services/storage";
import { currentTraceIds, inFileWriteSpan } from "@errand/services/tracing";
import type { BrowserContext } from "playwright-core";
import { gzipSync } from "node:zlib";
import { recordHar } from "./har/record-har.ts";
import { secretMasker } from "./har/secret-masker.ts";
import type { PreparedRun } from "./prepare-run.ts";
import { runTraceLog } from "./run-trace-log.ts";

/**
 * What the worker keeps of a run besides its steps (docs/adr/0051-run-har-trace-bundle.md): its HAR
 * (from the browser's first request, every tab, secrets masked) and its trace as JSON. A record
 * that cannot be stored is logged and skipped: it never fails the run.
 */
export function keepRunRecords(deps: { ctx: ServiceContext; storage: FileStorage }, runId: string) {
  const trace = runTraceLog(runId, currentTraceIds()?.traceId ?? null);
  let har: ReturnType<typeof recordHar> | undefined;
  let known: Parameters<typeof secretMasker>[0] = {};
  const learned = new Set<string>();
  let mask = secretMasker(known);
  const store = async (what: string, key: string, body: unknown, type: string) => {
    try {
      const data = gzipSync(JSON.stringify(body));
      await inFileWriteSpan(what.toLowerCase(), data.length, () => deps.storage.put(key, data, type));
    } catch (error) {
      deps.ctx.log.warn(`could not keep the run's ${what}`, { runId, error });
    }
  };
  return {
    /** Starts the HAR on the run's browser context, masking what the run knows is secret. */
    watch(context: BrowserContext, prepared: Pick<PreparedRun, "credentials" | "login">) {
      known = prepared;
      mask = secretMasker(known, learned);
      har = recordHar(context, (text) => mask(text));
    },
    /** A secret the run came to know (an e-mailed sign-in link): masked in every HAR entry from now on. */
    hide(values: string[]) {
      for (const value of values) learned.add(value);
      mask = secretMasker(known, learned);
    },
    step: (step: AgentStep, model: string) => trace.step(step, model),
    /** The HAR and the trace, kept before the run ends: whoever hears of the end can download them. */
    async beforeEnd(end: { status: string; failureKind?: string | null; inputTokens?: number; outputTokens?: number }) {
      const attributes = {
        "errand.run.id": runId,
        "errand.run.status": end.status,
        "gen_ai.usage.input_tokens": end.inputTokens ?? 0,
        "gen_ai.usage.output_tokens": end.outputTokens ?? 0,
        ...(end.failureKind && { "errand.run.failure_kind": end.failureKind }),
      };
      const stopped = har?.stop();
      har = undefined;
      await Promise.all([
        stopped && store("HAR", runHarKey(runId), await stopped, "application/gzip"),
        store("trace", runTraceKey(runId), trace.end(end.status, attributes), "application/gzip"),
      ]);
    },
  };
}

export type RunRecords = ReturnType<typeof keepRunRecords>;
