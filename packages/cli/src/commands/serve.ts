import { loadConfig } from "@errand/config";
import { startServer } from "@errand/server";

/** Runs until SIGINT/SIGTERM, then closes the server and the embedded Postgres. */
export async function serveCommand(): Promise<void> {
  const config = loadConfig();
  const server = await startServer(config);
  process.stdout.write(`\n  Errand is running at ${server.url}\n  Press Ctrl-C to stop.\n\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`\n${signal} received: stopping...\n`);
    const force = setTimeout(() => {
      process.stderr.write("Shutdown took longer than 20 s; exiting anyway.\n");
      process.exit(1);
    }, 20_000);
    force.unref();
    await server.close();
    process.stdout.write("Stopped.\n");
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}
