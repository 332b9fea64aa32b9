/** How long the queue, the browser and Postgres may take to stop after the runs' grace. */
const AFTER_GRACE_MS = 20_000;

/**
 * Runs `close` once on SIGINT/SIGTERM/SIGHUP (or when `stop` is called), prints "Stopped." and
 * exits; a stuck shutdown is cut off 20 s after the runs' grace (SHUTDOWN_GRACE_SECONDS).
 * Repeated signals are ignored: a Ctrl-C reaches both `npm start` (which passes it on) and this
 * process, so one press arrives twice.
 * Returns `stop`, for a process that must end itself (an uncaught exception).
 */
export function onShutdown(close: () => Promise<void>, graceMs: number): (reason: string, exitCode?: number) => void {
  const forceExitMs = graceMs + AFTER_GRACE_MS;
  let stopping = false;
  const stop = async (reason: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`\n${reason}: stopping...\n`);
    const force = setTimeout(() => {
      process.stderr.write(`Shutdown took longer than ${forceExitMs / 1000} s; exiting anyway.\n`);
      process.exit(1);
    }, forceExitMs);
    force.unref();
    try {
      await close();
      process.stdout.write("Stopped.\n");
      process.exit(exitCode);
    } catch (error) {
      process.stderr.write(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    }
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => void stop(`${signal} received`));
  return (reason, exitCode) => void stop(reason, exitCode);
}
