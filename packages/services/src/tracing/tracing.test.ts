import { startOtlpReceiver } from "@errand/testkit";
import { pollFor } from "@errand/testkit/testing";
import { describe, expect, it } from "vitest";
import { createLogger } from "../logging/logger.ts";
import { currentTraceIds, inSpan } from "./spans.ts";
import { parseOtlpHeaders, startTracing } from "./start-tracing.ts";

describe("tracing", () => {
  it("sets nothing up without an endpoint: work runs as it is, log lines carry no trace ids", async () => {
    expect(startTracing({})).toBeNull();
    const lines: string[] = [];
    const log = createLogger("info", (line) => lines.push(line), "json");
    const answer = await inSpan("outer", {}, async (span) => {
      span.record("child", { startedAt: new Date(), durationMs: 1 }, {});
      log.info("inside");
      return currentTraceIds() ?? 42;
    });
    expect(answer).toBe(42);
    expect(JSON.parse(lines[0]!)).not.toHaveProperty("trace_id");
  });

  it("exports spans to the endpoint with their parents, and log lines inside one carry its trace and span ids", async () => {
    const receiver = await startOtlpReceiver();
    const tracing = startTracing({ endpoint: `${receiver.url}/`, serviceName: "errand-test", headers: { "x-collector-key": "k" } })!;
    const lines: string[] = [];
    const log = createLogger("info", (line) => lines.push(line), "json");
    try {
      await inSpan("outer", { "errand.run.id": "r1" }, async (span) => {
        const step = span.record("step", { startedAt: new Date(Date.now() - 20), durationMs: 10 }, { "errand.step.number": 1 });
        step.record("model", { startedAt: new Date(Date.now() - 15), durationMs: 5 }, {});
        log.info("inside");
      });
      await expect(inSpan("failing", {}, () => Promise.reject(new TypeError("a page's words")))).rejects.toThrow(TypeError);
      await tracing.flush();
      const spans = await pollFor(
        () => receiver.spans,
        (all) => all.length === 4,
        { timeout: 5000, message: "four spans" },
      );
      const byName = Object.fromEntries(spans.map((span) => [span.name, span]));
      expect(byName.outer).toMatchObject({
        parentSpanId: "",
        attributes: { "errand.run.id": "r1" },
        resource: { "service.name": "errand-test" },
      });
      expect(byName.step).toMatchObject({ traceId: byName.outer!.traceId, parentSpanId: byName.outer!.spanId });
      expect(byName.model).toMatchObject({ traceId: byName.outer!.traceId, parentSpanId: byName.step!.spanId });
      // Failed, with the error's type only: its message may quote a page.
      expect(byName.failing).toMatchObject({ statusCode: 2 });
      expect(receiver.bodies.join("")).not.toContain("a page's words");
      expect(JSON.parse(lines[0]!)).toMatchObject({ trace_id: byName.outer!.traceId, span_id: byName.outer!.spanId });
    } finally {
      await tracing.shutdown();
      await receiver.close();
    }
    expect(currentTraceIds()).toBeUndefined();
  });

  it("reads OTEL_EXPORTER_OTLP_HEADERS as the specification writes them", () => {
    expect(parseOtlpHeaders("api-key=a%3Db,x-team = blue")).toEqual({ "api-key": "a=b", "x-team": "blue" });
    expect(parseOtlpHeaders(undefined)).toEqual({});
  });
});
