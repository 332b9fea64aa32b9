import { AsyncLocalStorage } from "node:async_hooks";

/** What every log line written while serving a request or executing a run carries. */
export interface LogContext {
  requestId?: string;
  runId?: string;
}

const storage = new AsyncLocalStorage<LogContext>();

/**
 * Runs `work` with these ids added to every log line it writes, however deep and across awaits
 * (AsyncLocalStorage): no id needs threading through the calls. Nested contexts add to the outer one.
 */
export function withLogContext<T>(fields: LogContext, work: () => T): T {
  return storage.run({ ...storage.getStore(), ...fields }, work);
}

/** The ids of the request or run being handled here, if any. */
export function currentLogContext(): LogContext | undefined {
  return storage.getStore();
}
