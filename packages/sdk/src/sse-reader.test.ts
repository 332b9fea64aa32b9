import { describe, expect, it } from "vitest";
import { readSse } from "./sse-reader.ts";

/** A body delivered in the given chunks, as a network may split it anywhere. */
const body = (...chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });

async function all(stream: ReadableStream<Uint8Array>) {
  const events = [];
  for await (const event of readSse(stream)) events.push(event);
  return events;
}

describe("reading Server-Sent Events", () => {
  it("reads events split across chunks anywhere, skips comments, keeps ids", async () => {
    const events = await all(
      body(": keepalive\n\nevent: st", 'ep\nid: 1\ndata: {"n"', ":1}\n", "\nevent: run\r\ndata: a\r", "\ndata: b\r\n\r\n"),
    );
    expect(events).toEqual([
      { event: "step", id: "1", data: '{"n":1}' },
      { event: "run", data: "a\nb" },
    ]);
  });

  it("drops an event cut off before its blank line", async () => {
    expect(await all(body("event: step\ndata: {}\n\nevent: step\ndata: {"))).toEqual([{ event: "step", data: "{}" }]);
  });
});
