/** How long a stop may take in all (the worker's 10 s grace, then queue, browser and Postgres). */
const FORCE_EXIT_MS = 30_000;

/**
 * Runs `close` once on SIGINT/SIGTERM/SIGHUP (or when `stop` is called), prints "Stopped." and
 * exits; a stuck shutdown is cut off after 30 s. Repeated signals are ignored: a Ctrl-C reaches
 * both `npm start` (which passes it on) and this process, so one press arrives twice.
 * Returns `stop`, for a process that must end itself (an uncaught exception).
 */
export function onShutdown(close: () => Promise<void>): (reason: string, exitCode?: number) => void {
  let stopping = false;
  const stop = async (reason: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`\n${reason}: stopping...\n`);
    const force = setTimeout(() => {
      process.stderr.write(`Shutdown took longer than ${FORCE_EXIT_MS / 1000} s; exiting anyway.\n`);
      process.exit(1);
    }, FORCE_EXIT_MS);
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
