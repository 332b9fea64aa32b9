import { isDatabaseUnavailable } from "@errand/db";
import type { Logger } from "@errand/services/logging";

/**
 * Last-resort handlers of a long-running process (serve, worker), installed once it is up.
 * - A rejected promise nobody awaited (a library's background query while the database is down,
 *   e.g. pg-boss completing a job) is logged and the process keeps serving: nothing is half-done.
 * - An uncaught exception may leave state half-changed. When it is only a lost database
 *   connection the process keeps going (the pools reconnect); otherwise it is logged and the
 *   process stops the graceful way (runs get their grace, Postgres stops last) with exit code 1.
 */
export function installProcessGuards(log: Logger, stop: (reason: string, exitCode: number) => void): () => void {
  const onRejection = (reason: unknown) => {
    if (isDatabaseUnavailable(reason)) log.warn("a background database call failed: the database is unreachable", { error: reason });
    else log.error("unhandled promise rejection (the process keeps running)", { error: reason });
  };
  const onException = (error: Error) => {
    if (isDatabaseUnavailable(error)) return log.warn("lost a database connection: the database is unreachable", { error });
    log.error("uncaught exception: stopping", { error });
    stop("Uncaught exception", 1);
  };
  process.on("unhandledRejection", onRejection);
  process.on("uncaughtException", onException);
  return () => {
    process.off("unhandledRejection", onRejection);
    process.off("uncaughtException", onException);
  };
}
