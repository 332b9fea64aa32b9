import { createServer } from "node:net";
import type { Server, Socket } from "node:net";
import { parseMessage } from "./parse-mime.ts";
import { serveSmtpSession } from "./smtp-session.ts";
import type { Envelope } from "./smtp-session.ts";
import type { CapturedMail, MailPredicate, SmtpCapture } from "./types.ts";

interface Waiter {
  match: MailPredicate;
  resolve(mail: CapturedMail): void;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps every message it is sent, parsed. Point nodemailer at it
 * with `createTransport(capture.url)` or `createTransport({ host: "127.0.0.1", port: capture.port,
 * secure: false, ignoreTLS: true })`, without `auth` (no AUTH is offered).
 */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const waiters = new Set<Waiter>();
  const pending = new Set<() => void>();
  const sockets = new Set<Socket>();
  let queued = 0;

  function accept(envelope: Envelope): string {
    const mail: CapturedMail = {
      from: envelope.from,
      to: [...envelope.to],
      ...parseMessage(envelope.data),
      raw: envelope.data.toString("utf8"),
      at: Date.now(),
    };
    messages.push(mail);
    for (const waiter of waiters) if (waiter.match(mail)) waiter.resolve(mail);
    queued += 1;
    return `CAPTURE${String(queued).padStart(6, "0")}`;
  }

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    serveSmtpSession(socket, "127.0.0.1", accept);
  });
  const port = await listenOn(server);

  return {
    url: `smtp://127.0.0.1:${port}`,
    host: "127.0.0.1",
    port,
    messages: () => [...messages],
    waitForMail(match, timeoutMs = 5000) {
      const predicate: MailPredicate =
        typeof match === "function" ? match : (mail) => mail.to.some((address) => address.toLowerCase() === match.to.toLowerCase());
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise<CapturedMail>((resolve, reject) => {
        const settle = () => {
          clearTimeout(timer);
          waiters.delete(waiter);
          pending.delete(cancel);
        };
        const waiter: Waiter = {
          match: predicate,
          resolve(mail) {
            settle();
            resolve(mail);
          },
        };
        const cancel = () => {
          settle();
          reject(new Error("smtp capture: closed while waiting for mail"));
        };
        const timer = setTimeout(() => {
          settle();
          const seen = messages.map((mail) => `${mail.to.join(", ")}: ${JSON.stringify(mail.subject)}`).join("; ") || "none";
          const wanted = typeof match === "function" ? "the predicate" : `to ${match.to}`;
          reject(new Error(`smtp capture: no mail matching ${wanted} within ${timeoutMs} ms (received: ${seen})`));
        }, timeoutMs);
        waiters.add(waiter);
        pending.add(cancel);
      });
    },
    clear() {
      messages.length = 0;
    },
    async close() {
      for (const cancel of [...pending]) cancel();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
    },
  };
}

function listenOn(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      const address = server.address();
      if (address === null || typeof address === "string") return reject(new Error("smtp capture: no TCP address"));
      resolve(address.port);
    });
  });
}
