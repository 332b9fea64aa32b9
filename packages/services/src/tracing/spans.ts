import { context, SpanStatusCode, trace, type Attributes, type Span, type Tracer } from "@opentelemetry/api";

/** The process's tracer once startTracing has set one up; null means no tracing and no cost. */
let tracer: Tracer | null = null;

export function setTracer(next: Tracer | null): void {
  tracer = next;
}

/** A span's attributes: only ids, names, counts and kinds, never a value typed, a prompt or a URL's query (docs/security.md). */
export type SpanAttributes = Attributes;

/**
 * Runs `work` inside a span named `name` (a child of the span it is called in), ended when the
 * work settles; a thrown error marks it failed with the error's type only (messages may quote pages).
 * Without tracing it is `work()`.
 */
export async function inSpan<T>(name: string, attributes: SpanAttributes, work: (span: SpanHandle) => Promise<T>): Promise<T> {
  if (!tracer) return work(NO_SPAN);
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await work(handle(span));
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : "error" });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** What a piece of work may add to its span. */
export interface SpanHandle {
  set(attributes: SpanAttributes): void;
  /** Names the span once its name is known (an HTTP request's route, after routing). */
  rename(name: string): void;
  /** Marks the span failed; `kind` is a failure kind or an error's type, never its message. */
  fail(kind: string): void;
  /**
   * A finished child span of this one for work that was timed elsewhere (the agent's steps).
   * Returns a handle to hang its own children on.
   */
  record(name: string, timing: { startedAt: Date; durationMs: number }, attributes: SpanAttributes): SpanHandle;
}

const NO_SPAN: SpanHandle = { set() {}, rename() {}, fail() {}, record: () => NO_SPAN };

function handle(span: Span): SpanHandle {
  return {
    set: (attributes) => void span.setAttributes(attributes),
    rename: (name) => void span.updateName(name),
    fail: (kind) => void span.setStatus({ code: SpanStatusCode.ERROR, message: kind }),
    record(name, { startedAt, durationMs }, attributes) {
      if (!tracer) return NO_SPAN;
      const parent = trace.setSpan(context.active(), span);
      const child = tracer.startSpan(name, { attributes, startTime: startedAt }, parent);
      child.end(new Date(startedAt.getTime() + durationMs));
      return handle(child);
    },
  };
}

/** The trace and span ids of the span this code runs in, for log lines; undefined outside one or without tracing. */
export function currentTraceIds(): { traceId: string; spanId: string } | undefined {
  if (!tracer) return undefined;
  const span = trace.getActiveSpan()?.spanContext();
  return span ? { traceId: span.traceId, spanId: span.spanId } : undefined;
}

/** A database transaction (or a verb that is one) as a span of its own, `db transaction`, named by its operation: never its SQL or values. */
export function inTransactionSpan<T>(operation: string, work: () => Promise<T>): Promise<T> {
  return inSpan("db transaction", { "db.system.name": "postgresql", "db.operation.name": operation }, () => work());
}

/** A file written to storage as a span (`file write`): what kind of file and how many bytes, never its key's contents or the bytes. */
export function inFileWriteSpan<T>(kind: string, bytes: number, work: () => Promise<T>): Promise<T> {
  return inSpan("file write", { "errand.file.kind": kind, "errand.file.bytes": bytes }, () => work());
}
