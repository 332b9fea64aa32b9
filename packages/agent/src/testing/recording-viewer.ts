import type { LiveServerMessage } from "@errand/contract";
import type { LiveViewer } from "../live/types.ts";

type Message<T extends LiveServerMessage["type"]> = Extract<LiveServerMessage, { type: T }>;

export interface RecordingViewer extends LiveViewer {
  /** What bufferedAmount() reports. */
  buffered: number;
  /** Everything sent, in order. */
  log: (LiveServerMessage | Buffer)[];
  frames: { header: Message<"frame">; jpeg: Buffer }[];
  messages<T extends LiveServerMessage["type"]>(type: T): Message<T>[];
  lastState(): Message<"state"> | undefined;
}

/** An in-memory viewer for tests: records what it is sent; `buffered` fakes a slow socket. */
export function createRecordingViewer(): RecordingViewer {
  let pending: Message<"frame"> | undefined;
  const viewer: RecordingViewer = {
    buffered: 0,
    log: [],
    frames: [],
    sendJson(message) {
      viewer.log.push(message);
      if (message.type === "frame") pending = message;
    },
    sendBinary(data) {
      // The contract types the bytes as Uint8Array (it is shared with the browser); the live browser sends Buffers.
      const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
      viewer.log.push(bytes);
      if (pending) viewer.frames.push({ header: pending, jpeg: bytes });
      pending = undefined;
    },
    bufferedAmount: () => viewer.buffered,
    messages<T extends LiveServerMessage["type"]>(type: T) {
      return viewer.log.filter((m): m is Message<T> => !Buffer.isBuffer(m) && m.type === type);
    },
    lastState: () => viewer.messages("state").at(-1),
  };
  return viewer;
}
