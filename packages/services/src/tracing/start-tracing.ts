import { context, propagation, trace } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { setTracer } from "./spans.ts";

/** Where and how spans are exported: the standard OTEL_* variables (docs/adr/0050-run-traces.md). */
export interface TracingOptions {
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the collector's base URL; spans go to `<endpoint>/v1/traces`. Unset: no tracing. */
  endpoint?: string;
  /** OTEL_EXPORTER_OTLP_HEADERS already parsed (an API key for a hosted collector). */
  headers?: Record<string, string>;
  /** OTEL_SERVICE_NAME; default `errand`. */
  serviceName?: string;
  /** How long a batch may wait before it is sent (ms); tests shorten it. */
  scheduledDelayMs?: number;
}

export interface Tracing {
  /** Sends every span ended so far. */
  flush(): Promise<void>;
  /** Sends what is left and stops tracing in this process. */
  shutdown(): Promise<void>;
}

/**
 * Sets up tracing for this process when an endpoint is configured, and returns null (nothing set
 * up, every span helper a plain call) when not. Spans are sent as OTLP/HTTP JSON in batches: a
 * collector that is down costs dropped spans, never a slower run.
 */
export function startTracing(options: TracingOptions): Tracing | null {
  if (!options.endpoint) return null;
  const exporter = new OTLPTraceExporter({ url: tracesUrl(options.endpoint), headers: options.headers ?? {} });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": options.serviceName || "errand" }),
    spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: options.scheduledDelayMs ?? 5000 })],
  });
  // Registered globally for the AsyncLocalStorage context manager: a span started in a run is the parent of spans deeper in its calls.
  provider.register();
  setTracer(provider.getTracer("errand"));
  return {
    flush: () => provider.forceFlush(),
    async shutdown() {
      setTracer(null);
      // The process (or the next test file sharing it) goes back to no tracing at all, libraries' spans included.
      trace.disable();
      context.disable();
      propagation.disable();
      await provider.shutdown();
    },
  };
}

/** The traces path under the base endpoint, as the OTLP exporter specification builds it. */
function tracesUrl(endpoint: string): string {
  return `${endpoint.replace(/\/+$/, "")}/v1/traces`;
}

/** OTEL_EXPORTER_OTLP_HEADERS (`key=value,key2=value2`, values URL-encoded) as an object. */
export function parseOtlpHeaders(text: string | undefined): Record<string, string> {
  if (!text) return {};
  const pairs = text.split(",").map((pair) => pair.split("="));
  return Object.fromEntries(
    pairs
      .filter(([key, value]) => key?.trim() && value !== undefined)
      .map(([key, ...rest]) => [key!.trim(), decodeURIComponent(rest.join("=").trim())]),
  );
}
