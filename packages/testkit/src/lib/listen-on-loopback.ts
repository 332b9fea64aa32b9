import type { Server } from "node:net";

/**
 * Starts `server` (HTTP or plain TCP) on a free port of 127.0.0.1, the only address tests may
 * send traffic to, once it listens: its port and its base URL ("http://127.0.0.1:<port>").
 */
export async function listenOnLoopback(server: Server): Promise<{ port: number; url: string }> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return { port, url: `http://127.0.0.1:${port}` };
}
