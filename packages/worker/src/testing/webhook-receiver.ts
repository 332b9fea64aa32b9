import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local HTTP endpoint that records webhook deliveries; `failures` makes the first N answer 500. */
export async function startWebhookReceiver(options: { failures?: number } = {}) {
  const received: ReceivedWebhook[] = [];
  let failuresLeft = options.failures ?? 0;
  const waiters: (() => void)[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      waiters.splice(0).forEach((wake) => wake());
      if (failuresLeft > 0) {
        failuresLeft--;
        res.writeHead(500).end("try again");
      } else res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    host: `127.0.0.1:${port}`,
    received,
    /** Resolves once `count` deliveries have arrived. */
    async waitFor(count: number, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} webhook deliveries, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 250);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
