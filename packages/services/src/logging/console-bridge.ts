import { formatWithOptions } from "node:util";
import { describeError } from "./describe-error.ts";
import type { Logger, LogLevel } from "./logger.ts";

const METHODS = { log: "info", info: "info", debug: "debug", trace: "debug", warn: "warn", error: "error" } as const satisfies Record<
  string,
  LogLevel
>;
type ConsoleMethod = keyof typeof METHODS;

/** Colour and style codes libraries add for terminals (better-auth's default logger does). */
// eslint-disable-next-line no-control-regex -- control characters are what it matches
const ANSI_STYLE = /\u001b\[[0-9;]*m/g;

/** console arguments as one message: errors described without query parameters, objects shallow. */
export function formatConsoleArgs(args: unknown[]): string {
  const parts = args.map((arg) => (arg instanceof Error ? describeErrorText(arg) : arg));
  return formatWithOptions({ colors: false, depth: 2, breakLength: Infinity, maxArrayLength: 20, maxStringLength: 4096 }, ...parts).replace(
    ANSI_STYLE,
    "",
  );
}

function describeErrorText(error: Error): string {
  const { stack, ...rest } = describeError(error);
  const summary = Object.entries(rest)
    .map(([key, value]) => (key === "message" ? value : `${key}=${value}`))
    .join(" ");
  return stack ? `${summary}\n${stack}` : summary;
}

/**
 * Sends console.log/info/debug/trace/warn/error through `log`, so what libraries print (the
 * node server's errors, better-auth's fallback logger, anything else) is escaped and bounded
 * like our own lines. For the serve and worker processes; returns a function that restores
 * the console.
 */
export function installConsoleBridge(log: Logger): () => void {
  const original = Object.fromEntries((Object.keys(METHODS) as ConsoleMethod[]).map((name) => [name, console[name]]));
  for (const name of Object.keys(METHODS) as ConsoleMethod[]) {
    const level = METHODS[name];
    console[name] = (...args: unknown[]) => log[level](formatConsoleArgs(args));
  }
  return () => Object.assign(console, original);
}
