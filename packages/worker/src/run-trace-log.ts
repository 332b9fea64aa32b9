import type { AgentStep } from "@errand/agent";
import type { RunTrace, TraceSpan } from "@errand/contract";

/**
 * The run's spans kept in the worker as they happen, so its trace can be read back as JSON and
 * drawn as a waterfall without a collector (docs/adr/0051-run-har-trace-bundle.md). The same
 * names and attributes as the exported spans (trace-run.ts): ids, names, counts, times, kinds.
 */
export function runTraceLog(runId: string, traceId: string | null) {
  const startedAt = new Date();
  const spans: TraceSpan[] = [];
  const steps: RunTrace["steps"] = [];
  const after = (at: Date) => at.getTime() - startedAt.getTime();
  return {
    step(step: AgentStep, model: string) {
      const id = `step-${step.number}`;
      const actions = step.actions.map((action) => action.name);
      spans.push({
        span_id: id,
        parent_span_id: "run",
        name: "step",
        start_ms: after(step.startedAt),
        duration_ms: step.durationMs,
        attributes: { "errand.step.number": step.number, "errand.step.actions": actions, "errand.step.ok": step.error === null },
      });
      const parts = { observe: 0, model: 0, act: 0 };
      for (const timing of step.timings ?? []) {
        parts[timing.part] += timing.durationMs;
        spans.push({
          span_id: `${id}-${timing.part}`,
          parent_span_id: id,
          name: timing.part === "model" ? `chat ${model}` : `browser ${timing.part}`,
          start_ms: after(timing.startedAt),
          duration_ms: timing.durationMs,
          attributes:
            timing.part === "model"
              ? {
                  "gen_ai.request.model": model,
                  "gen_ai.usage.input_tokens": step.inputTokens,
                  "gen_ai.usage.output_tokens": step.outputTokens,
                }
              : { "errand.browser.action": timing.part === "act" ? actions.join(",") : "observe" },
        });
      }
      const browser = parts.observe + parts.act;
      steps.push({
        number: step.number,
        start_ms: after(step.startedAt),
        duration_ms: step.durationMs,
        model_ms: parts.model,
        browser_ms: browser,
        waiting_ms: Math.max(0, step.durationMs - parts.model - browser),
      });
    },
    /** The whole trace once the run has ended with `status`. */
    end(status: string, attributes: TraceSpan["attributes"]): RunTrace {
      const duration = Date.now() - startedAt.getTime();
      const run: TraceSpan = { span_id: "run", parent_span_id: null, name: "run", start_ms: 0, duration_ms: duration, attributes };
      return {
        run_id: runId,
        trace_id: traceId,
        started_at: startedAt.toISOString(),
        duration_ms: duration,
        status,
        spans: [run, ...spans],
        steps,
      };
    },
  };
}
