import { createServer, type IncomingMessage } from "node:http";
import { listenOnLoopback } from "../lib/listen-on-loopback.ts";

/** One span as the receiver got it: ids in hex, attributes as plain values. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** Empty for a root span. */
  parentSpanId: string;
  name: string;
  attributes: Record<string, unknown>;
  /** OTLP's status code: 0 unset, 1 ok, 2 error. */
  statusCode: number;
  startNanos: bigint;
  endNanos: bigint;
  /** The exporting process's resource attributes (service.name). */
  resource: Record<string, unknown>;
}

export interface OtlpReceiver {
  /** Base URL for OTEL_EXPORTER_OTLP_ENDPOINT (spans arrive at `<url>/v1/traces`). */
  url: string;
  spans: ReceivedSpan[];
  /** Every request body as received, to check that nothing secret was sent at all. */
  bodies: string[];
  close(): Promise<void>;
}

/**
 * A collector on loopback that speaks OTLP/HTTP with JSON bodies (the protocol of the OTLP
 * specification: POST /v1/traces, ExportTraceServiceRequest as JSON): it keeps what it gets and answers
 * with an empty success.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const bodies: string[] = [];
  const server = createServer(async (req, res) => {
    if (req.method !== "POST" || req.url !== "/v1/traces") return void res.writeHead(404).end();
    if (!req.headers["content-type"]?.startsWith("application/json")) return void res.writeHead(415).end();
    const body = await readBody(req);
    bodies.push(body);
    try {
      spans.push(...spansOf(JSON.parse(body) as ExportRequest));
    } catch {
      return void res.writeHead(400).end();
    }
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
  const { url } = await listenOnLoopback(server);
  return {
    url,
    spans,
    bodies,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

interface AnyValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: number | string;
  doubleValue?: number;
  arrayValue?: { values?: AnyValue[] };
}
type KeyValue = { key: string; value: AnyValue };
interface ExportRequest {
  resourceSpans?: {
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: {
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        attributes?: KeyValue[];
        status?: { code?: number };
        startTimeUnixNano: string | number;
        endTimeUnixNano: string | number;
      }[];
    }[];
  }[];
}

function spansOf(request: ExportRequest): ReceivedSpan[] {
  return (request.resourceSpans ?? []).flatMap((resourceSpans) => {
    const resource = attributesOf(resourceSpans.resource?.attributes);
    return (resourceSpans.scopeSpans ?? []).flatMap((scope) =>
      (scope.spans ?? []).map((span) => ({
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId ?? "",
        name: span.name,
        attributes: attributesOf(span.attributes),
        statusCode: span.status?.code ?? 0,
        startNanos: BigInt(span.startTimeUnixNano),
        endNanos: BigInt(span.endTimeUnixNano),
        resource,
      })),
    );
  });
}

function attributesOf(list: KeyValue[] | undefined): Record<string, unknown> {
  return Object.fromEntries((list ?? []).map(({ key, value }) => [key, valueOf(value)]));
}

function valueOf(value: AnyValue): unknown {
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(valueOf);
  if (value.intValue !== undefined) return Number(value.intValue);
  return value.stringValue ?? value.boolValue ?? value.doubleValue ?? null;
}
