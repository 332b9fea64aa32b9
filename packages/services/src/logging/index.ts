// @errand/services/logging: the logger, its context, error descriptions and the console and
// Postgres bridges (docs/adr/0024-metrics-and-logs.md).
export { createLogger, silentLogger, redact, resolveLogFormat, type Logger, type LogLevel, type LogFormat } from "./logger.ts";
export { withLogContext, currentLogContext, type LogContext } from "./log-context.ts";
export { LOG_LIMITS } from "./log-text.ts";
export { describeError } from "./describe-error.ts";
export { installConsoleBridge } from "./console-bridge.ts";
export { createPostgresLogFilter } from "./postgres-server-log.ts";
