import type { LiveServerMessage, ViewerMessage } from "@errand/contract";
import WebSocket from "ws";

/** A live viewer as a test drives it: the messages it got, frames counted, input sent as JSON. */
export interface TestViewer {
  messages: LiveServerMessage[];
  frames: number;
  /** When each frame arrived (performance.now()) and its size: for benchmarks. */
  frameLog: { at: number; bytes: number }[];
  closed: { code: number; reason: string } | null;
  send(message: ViewerMessage): void;
  waitFor<T>(check: () => T | undefined | null | false, what: string, ms?: number): Promise<T>;
  close(): void;
}

/** Opens the viewer socket of `debugUrl` (its token) on a running server. */
export function connectTestViewer(serverUrl: string, debugUrlOrToken: string, headers: Record<string, string> = {}): Promise<TestViewer> {
  const token = debugUrlOrToken.includes("#token=") ? debugUrlOrToken.split("#token=")[1]! : debugUrlOrToken;
  const listeners = new Set<() => boolean>();
  const ws = new WebSocket(`${serverUrl.replace(/^http/, "ws")}/api/v1/live/socket?token=${encodeURIComponent(token)}`, { headers });
  const viewer: TestViewer = {
    messages: [],
    frames: 0,
    frameLog: [],
    closed: null,
    send: (message) => ws.send(JSON.stringify(message)),
    /** Checks now and again on every message, frame and close (no polling delay, so timings are exact). */
    waitFor<T>(check: () => T | undefined | null | false, what: string, ms = 8_000): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const attempt = () => {
          const value = check();
          if (!value) return false;
          done();
          resolve(value);
          return true;
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`timed out waiting for ${what}; last messages: ${JSON.stringify(viewer.messages.slice(-3))}`));
        }, ms);
        const done = () => {
          clearTimeout(timer);
          listeners.delete(attempt);
        };
        listeners.add(attempt);
        attempt();
      });
    },
    close: () => ws.close(),
  };
  ws.on("message", (data, isBinary) => {
    if (isBinary) {
      viewer.frames++;
      viewer.frameLog.push({ at: performance.now(), bytes: (data as Buffer).length });
    } else viewer.messages.push(JSON.parse(String(data)) as LiveServerMessage);
    for (const listener of [...listeners]) listener();
  });
  ws.on("close", (code, reason) => {
    viewer.closed = { code, reason: String(reason) };
    for (const listener of [...listeners]) listener();
  });
  return new Promise((resolve) => {
    ws.once("open", () => resolve(viewer));
    ws.once("close", () => resolve(viewer));
    ws.once("error", () => resolve(viewer));
  });
}

/** Key events for each character, as the viewer page sends them. */
export function typeText(viewer: TestViewer, text: string) {
  for (const ch of text) {
    viewer.send({ type: "key", action: "down", key: ch, code: "", text: ch, modifiers: 0 });
    viewer.send({ type: "key", action: "up", key: ch, code: "", modifiers: 0 });
  }
}

export function pressKey(viewer: TestViewer, key: string) {
  viewer.send({ type: "key", action: "down", key, code: key, modifiers: 0 });
  viewer.send({ type: "key", action: "up", key, code: key, modifiers: 0 });
}
