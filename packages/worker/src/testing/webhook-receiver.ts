import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A local HTTP endpoint that records webhook deliveries. `failures` makes the first N answer
 * 500; `hold` keeps every request open until `release()`; `delayMs` answers each after that
 * long. It counts the requests open at once (`inFlight`, `maxInFlight`).
 */
export async function startWebhookReceiver(options: { failures?: number; hold?: boolean; delayMs?: number } = {}) {
  const received: ReceivedWebhook[] = [];
  let failuresLeft = options.failures ?? 0;
  let holding = options.hold ?? false;
  const held: (() => void)[] = [];
  let open = 0;
  let maxOpen = 0;
  let answered = 0;
  let connections = 0;
  const answer = (res: ServerResponse) => {
    if (res.destroyed) return;
    answered++;
    if (failuresLeft > 0) {
      failuresLeft--;
      res.writeHead(500).end("try again");
    } else res.writeHead(204).end();
  };
  const server = createServer((req, res) => {
    open++;
    maxOpen = Math.max(maxOpen, open);
    // Counted until the connection is done with, answered or given up by the sender.
    res.on("close", () => {
      open--;
    });
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      if (holding) held.push(() => answer(res));
      else if (options.delayMs) setTimeout(() => answer(res), options.delayMs);
      else answer(res);
    });
  });
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/hook`,
    host: `127.0.0.1:${port}`,
    received,
    /** Requests open right now. */
    inFlight: () => open,
    /** The most requests ever open at once. */
    maxInFlight: () => maxOpen,
    /** TCP connections accepted, requests or not. */
    connections: () => connections,
    /** Requests answered (held ones count once released). */
    answered: () => answered,
    /** Answers every held request, and stops holding new ones. */
    release() {
      holding = false;
      held.splice(0).forEach((send) => send());
    },
    /** From now on, answer 2xx. */
    heal() {
      failuresLeft = 0;
    },
    /** Resolves once `count` deliveries have arrived. */
    waitFor: (count: number, timeoutMs = 30_000) =>
      expect
        .poll(() => received.length, { timeout: timeoutMs, message: `expected ${count} webhook deliveries` })
        .toBeGreaterThanOrEqual(count),
    /** Resolves once `count` requests are open at once. */
    waitForInFlight: (count: number, timeoutMs = 30_000) =>
      expect.poll(() => open, { timeout: timeoutMs, message: `expected ${count} requests open at once` }).toBeGreaterThanOrEqual(count),
    close: () =>
      new Promise<void>((resolve) => {
        held.splice(0).forEach((send) => send());
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
