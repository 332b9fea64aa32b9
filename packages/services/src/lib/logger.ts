export type LogLevel = "debug" | "info" | "warn" | "error";
export type Logger = Record<LogLevel, (message: string, fields?: Record<string, unknown>) => void>;

const ORDER: LogLevel[] = ["debug", "info", "warn", "error"];
/** Field names whose values never reach a log line. */
const SECRET_FIELD = /pass(word)?|secret|token|cookie|api[-_]?key|authorization|storage[-_]?state/i;

export function redact(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      SECRET_FIELD.test(key)
        ? "[redacted]"
        : value && typeof value === "object" && !Array.isArray(value)
          ? redact(value as Record<string, unknown>)
          : value,
    ]),
  );
}

/** Plain one-line logs to stdout/stderr; secrets in fields are redacted. */
export function createLogger(level: LogLevel = "info", write: (line: string, level: LogLevel) => void = defaultWrite): Logger {
  const min = ORDER.indexOf(level);
  const make = (at: LogLevel) => (message: string, fields?: Record<string, unknown>) => {
    if (ORDER.indexOf(at) < min) return;
    const extra = fields && Object.keys(fields).length ? ` ${JSON.stringify(redact(fields))}` : "";
    write(`${new Date().toISOString()} ${at.toUpperCase().padEnd(5)} ${message}${extra}`, at);
  };
  return { debug: make("debug"), info: make("info"), warn: make("warn"), error: make("error") };
}

function defaultWrite(line: string, level: LogLevel) {
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(`${line}\n`);
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
