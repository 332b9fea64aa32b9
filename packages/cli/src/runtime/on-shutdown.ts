/** Runs `close` once on SIGINT/SIGTERM, then exits; a stuck shutdown is cut off after 30 s. */
export function onShutdown(close: () => Promise<void>): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`\n${signal} received: stopping...\n`);
    const force = setTimeout(() => {
      process.stderr.write("Shutdown took longer than 30 s; exiting anyway.\n");
      process.exit(1);
    }, 30_000);
    force.unref();
    try {
      await close();
      process.stdout.write("Stopped.\n");
      process.exit(0);
    } catch (error) {
      process.stderr.write(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}
