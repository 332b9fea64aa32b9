import { describeError, scrubFailedQuery } from "./describe-error.ts";
import { currentTraceIds } from "../tracing/spans.ts";
import { currentLogContext } from "./log-context.ts";
import { clipText, escapeControls, LOG_LIMITS } from "./log-text.ts";

export type LogLevel = "debug" | "info" | "warn" | "error";
/** text: `<time> <LEVEL> <message> <fields>` for people; json: one JSON object per line for collectors; auto: text on a terminal, JSON otherwise. */
export type LogFormat = "text" | "json" | "auto";
export type Logger = Record<LogLevel, (message: string, fields?: Record<string, unknown>) => void>;

const ORDER: LogLevel[] = ["debug", "info", "warn", "error"];
/** Field names whose values never reach a log line. */
const SECRET_FIELD = /pass(word)?|secret|token|cookie|api[-_]?key|authorization|storage[-_]?state/i;
/** Nested values deeper than this, and list items past this, are summarised. */
const MAX_DEPTH = 4;
const MAX_ITEMS = 20;

/** The fields with the values of secret-looking keys replaced, nested objects too. */
export function redact(fields: Record<string, unknown>, seen = new Set<object>()): Record<string, unknown> {
  seen.add(fields);
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      SECRET_FIELD.test(key)
        ? "[redacted]"
        : value && typeof value === "object" && !Array.isArray(value) && !(value instanceof Error) && !seen.has(value)
          ? redact(value as Record<string, unknown>, seen)
          : value,
    ]),
  );
}

/**
 * A field value ready for JSON: secrets redacted, errors described without query parameters, long strings cut,
 * deep or cyclic structures and long lists summarised. Never throws.
 */
function loggable(value: unknown, depth: number, seen: Set<object>): unknown {
  if (typeof value === "string") return clipRaw(scrubFailedQuery(value), LOG_LIMITS.field);
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "function" || typeof value === "symbol") return `[${typeof value}]`;
  if (value === null || typeof value !== "object") return value;
  if (value instanceof Error) return loggable(describeError(value), depth, seen);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "Invalid Date" : value.toISOString();
  if (seen.has(value)) return "[circular]";
  if (depth >= MAX_DEPTH) return Array.isArray(value) ? `[${value.length} items]` : "[object]";
  seen.add(value);
  try {
    if (Array.isArray(value)) {
      const items = value.slice(0, MAX_ITEMS).map((item) => loggable(item, depth + 1, seen));
      return value.length > MAX_ITEMS ? [...items, `…[${value.length - MAX_ITEMS} more]`] : items;
    }
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, SECRET_FIELD.test(key) ? "[redacted]" : loggable(item, depth + 1, seen)]),
    );
  } finally {
    seen.delete(value);
  }
}

/** Cut to `max` characters with the marker, control characters left for JSON to escape. */
function clipRaw(text: string, max: number): string {
  if (text.length <= max) return text;
  let keep = max - 40;
  if (/[\ud800-\udbff]/.test(text[keep - 1] ?? "")) keep--;
  return `${text.slice(0, keep)}…[truncated ${text.length - keep} chars]`;
}

/** The fields as ` {"key":value}`: each value bounded, every unsafe character escaped. */
function renderFields(fields: Record<string, unknown>): string {
  const entries = Object.entries(fields).map(([key, value]) => {
    const clean = SECRET_FIELD.test(key) ? "[redacted]" : loggable(value, 0, new Set());
    const json = JSON.stringify(clean) ?? "null";
    // A structure whose JSON is too long is logged as the start of that JSON.
    return [clipRaw(key, 100), json.length > LOG_LIMITS.field ? clipRaw(json, LOG_LIMITS.field) : clean] as const;
  });
  // JSON escapes C0 controls; the C1 controls and line separators it leaves are escaped here.
  return entries.length ? ` ${escapeControls(JSON.stringify(Object.fromEntries(entries)))}` : "";
}

/** The fields as an object of bounded values (secrets redacted), for a JSON line. */
function boundedFields(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => {
      const clean = SECRET_FIELD.test(key) ? "[redacted]" : loggable(value, 0, new Set());
      const json = JSON.stringify(clean) ?? "null";
      return [clipRaw(key, 100), json.length > LOG_LIMITS.field ? clipRaw(json, LOG_LIMITS.field) : clean];
    }),
  );
}

/** Keys of a JSON line that a field of the same name must not replace. */
const RESERVED = new Set(["time", "level", "msg"]);

/**
 * `{"time","level","msg",...fields}` on one line: JSON escapes C0 controls, escapeControls the C1
 * controls and line separators it leaves (inside strings, so the line stays valid JSON). A line
 * over the bound keeps time, level and message, and the start of its fields' JSON as one string.
 */
function jsonLine(at: LogLevel, message: string, fields: Record<string, unknown>): string {
  const base = { time: new Date().toISOString(), level: at, msg: clipRaw(scrubFailedQuery(message), LOG_LIMITS.message) };
  const extra = Object.fromEntries(
    Object.entries(boundedFields(fields)).map(([key, value]) => [RESERVED.has(key) ? `field_${key}` : key, value]),
  );
  const line = escapeControls(JSON.stringify({ ...base, ...extra }));
  if (line.length <= LOG_LIMITS.line) return line;
  // Escapes can make a bounded value several times longer: halve what is kept until the line fits.
  const fieldsJson = JSON.stringify(extra);
  for (let room = LOG_LIMITS.line / 2; room >= 64; room = Math.floor(room / 2)) {
    const cut = { ...base, msg: clipRaw(base.msg, Math.min(LOG_LIMITS.message, room)), fields: clipRaw(fieldsJson, room) };
    const shorter = escapeControls(JSON.stringify(cut));
    if (shorter.length <= LOG_LIMITS.line) return shorter;
  }
  return JSON.stringify({ time: base.time, level: at, msg: "[line too long to log]" });
}

function textLine(at: LogLevel, message: string, fields: Record<string, unknown>): string {
  const text = clipText(scrubFailedQuery(message), LOG_LIMITS.message);
  const extra = Object.keys(fields).length ? renderFields(fields) : "";
  return clipText(`${new Date().toISOString()} ${at.toUpperCase().padEnd(5)} ${text}${extra}`, LOG_LIMITS.line);
}

/** `auto` as this process's stdout decides: text on a terminal, JSON lines otherwise. */
export function resolveLogFormat(format: LogFormat, isTerminal = Boolean(process.stdout.isTTY)): "text" | "json" {
  return format === "auto" ? (isTerminal ? "text" : "json") : format;
}

/**
 * One line per entry on stdout (debug, info) or stderr (warn, error), as text
 * (`<ISO time> <LEVEL> <message> <fields as JSON>`) or as one JSON object. Lines written while a
 * request is served or a run executes carry its `requestId` or `runId` (see log-context.ts), and
 * inside a span its `trace_id` and `span_id` (docs/adr/0050-run-traces.md).
 * Whatever its source, nothing logged can start another line or fake one: control characters
 * are escaped, the message, each field and the line are bounded (LOG_LIMITS), secrets in
 * fields are redacted, and errors lose their query parameters (see describe-error.ts).
 */
export function createLogger(
  level: LogLevel = "info",
  write: (line: string, level: LogLevel) => void = defaultWrite,
  format: LogFormat = "text",
): Logger {
  const min = ORDER.indexOf(level);
  const render = resolveLogFormat(format) === "json" ? jsonLine : textLine;
  const make = (at: LogLevel) => (message: string, fields?: Record<string, unknown>) => {
    if (ORDER.indexOf(at) < min) return;
    let line: string;
    try {
      const text = typeof message === "string" ? message : String(message);
      const own = fields && typeof fields === "object" ? fields : {};
      line = render(at, text, { ...currentLogContext(), ...traceFields(), ...own });
    } catch {
      // A value that cannot even be read (a throwing getter) must not take the caller down.
      line =
        render === jsonLine
          ? JSON.stringify({ time: new Date().toISOString(), level: at, msg: "[unloggable message]" })
          : `${new Date().toISOString()} ${at.toUpperCase().padEnd(5)} [unloggable message]`;
    }
    write(line, at);
  };
  return { debug: make("debug"), info: make("info"), warn: make("warn"), error: make("error") };
}

/** The ids a trace viewer finds this line's span by, when it is written inside one. */
function traceFields(): { trace_id?: string; span_id?: string } {
  const ids = currentTraceIds();
  return ids ? { trace_id: ids.traceId, span_id: ids.spanId } : {};
}

function defaultWrite(line: string, level: LogLevel) {
  const stream = level === "error" || level === "warn" ? process.stderr : process.stdout;
  if (readerGone(stream)) return;
  stream.write(`${line}\n`);
}

const goneReaders = new WeakSet<NodeJS.WriteStream>();
const watched = new WeakSet<NodeJS.WriteStream>();

/**
 * Whether the stream's reader went away (a closed terminal, a log collector that died: EPIPE).
 * Its 'error' would otherwise be an uncaught exception, whose log line fails the same way, each
 * failure making the next: the process spun a core without end. Lines nobody can read are dropped.
 */
function readerGone(stream: NodeJS.WriteStream): boolean {
  if (!watched.has(stream)) {
    watched.add(stream);
    stream.on("error", () => goneReaders.add(stream));
  }
  return goneReaders.has(stream);
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
