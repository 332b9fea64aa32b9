export { currentTraceIds, inFileWriteSpan, inSpan, inTransactionSpan, type SpanAttributes, type SpanHandle } from "./spans.ts";
export { parseOtlpHeaders, startTracing, type Tracing, type TracingOptions } from "./start-tracing.ts";
