/** One Server-Sent Event: `event` defaults to "message"; `id` is absent when the event set none. */
export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

/**
 * Reads Server-Sent Events from a response body as they arrive (the text/event-stream format:
 * blocks separated by a blank line; `:` lines are comments, such as keepalives). `onActivity` is
 * called for every chunk received, comments included, so a caller can tell a quiet connection
 * from a dead one.
 */
export async function* readSse(body: ReadableStream<Uint8Array>, onActivity: () => void = () => {}): AsyncGenerator<SseEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let fields: { event?: string; data: string[]; id?: string } = { data: [] };
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      onActivity();
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.search(/\r\n|\r|\n/)) >= 0) {
        // A CR at the end may be the first half of a CRLF still on its way.
        if (buffer[end] === "\r" && end === buffer.length - 1) break;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + (buffer.startsWith("\r\n", end) ? 2 : 1));
        if (line === "") {
          if (fields.data.length)
            yield { event: fields.event ?? "message", data: fields.data.join("\n"), ...(fields.id !== undefined ? { id: fields.id } : {}) };
          fields = { data: [] };
          continue;
        }
        if (line.startsWith(":")) continue;
        const colon = line.indexOf(":");
        const name = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
        if (name === "data") fields.data.push(value);
        else if (name === "event") fields.event = value;
        else if (name === "id") fields.id = value;
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
