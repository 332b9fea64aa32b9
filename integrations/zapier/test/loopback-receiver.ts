// A loopback HTTP endpoint standing in for Zapier's hook and callback URLs: it keeps every
// POST Errand delivers so a test can wait for the one it expects.
import { createServer, type IncomingHttpHeaders } from "node:http";
import { listenOnLoopback } from "@errand/testkit";

export interface ReceivedPost {
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface LoopbackReceiver {
  /** "http://127.0.0.1:PORT", no trailing slash. */
  url: string;
  received: ReceivedPost[];
  /** Resolves with the first POST (already received or still to come) that matches. */
  next(matches: (post: ReceivedPost) => boolean): Promise<ReceivedPost>;
  close(): Promise<void>;
}

export async function startLoopbackReceiver(): Promise<LoopbackReceiver> {
  const received: ReceivedPost[] = [];
  const waiting: { matches: (post: ReceivedPost) => boolean; resolve: (post: ReceivedPost) => void }[] = [];
  const server = createServer((req, res) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (text += chunk));
    req.on("end", () => {
      const post: ReceivedPost = { path: req.url ?? "/", headers: req.headers, body: JSON.parse(text || "{}") as Record<string, unknown> };
      received.push(post);
      for (const waiter of waiting.filter((w) => w.matches(post))) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(post);
      }
      res.writeHead(200, { "content-type": "application/json" }).end('{"status":"success"}');
    });
  });
  const { url } = await listenOnLoopback(server);
  return {
    url,
    received,
    next(matches) {
      const found = received.find(matches);
      return found ? Promise.resolve(found) : new Promise((resolve) => waiting.push({ matches, resolve }));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
