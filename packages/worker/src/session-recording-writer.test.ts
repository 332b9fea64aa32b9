import { randomBytes } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { createRedactor } from "@errand/agent";
import { sessionRecordingSchema } from "@errand/contract";
import { describe, expect, it } from "vitest";
import { createRecordingWriter } from "./session-recording-writer.ts";

const RUN_ID = "00000000-0000-4000-8000-000000000001";
const event = (text: string, timestamp = 1_000) => ({ type: 3, timestamp, data: { source: 0, texts: [{ id: 1, value: text }] } });
const read = (data: Buffer) => {
  const text = gunzipSync(data).toString("utf8");
  return { text, recording: sessionRecordingSchema.parse(JSON.parse(text)) };
};

// The writer alone (docs/adr/0047-session-recordings.md): no browser, the batches as a page sends them.
describe("session recording writer", () => {
  it("tags each event with its tab, replaces the run's secrets, and closes with the step markers", async () => {
    const writer = createRecordingWriter({
      runId: RUN_ID,
      maxBytes: 1024 * 1024,
      redactor: createRedactor(["hunter2-secret"]),
      startedAt: 500,
    });
    writer.add(0, JSON.stringify([event("hello"), event('say "hunter2-secret"')]));
    writer.add(1, JSON.stringify([event("second tab", 2_000)]));
    writer.add(0, "not json");
    const written = await writer.finish({ tabs: 2, steps: [{ number: 1, at: 900 }], note: null });
    const { text, recording } = read(written.data);
    expect(text).not.toContain("hunter2-secret");
    expect(recording).toMatchObject({ run_id: RUN_ID, started_at: 500, tabs: 2, cut: false, note: null, steps: [{ number: 1, at: 900 }] });
    expect(recording.events.map((e) => e.tab)).toEqual([0, 0, 1]);
    expect(JSON.stringify(recording.events[1])).toContain("[redacted]");
  });

  it("drops a batch in which a secret still shows after redaction (the final guard)", async () => {
    // A redactor that finds what it could not replace: the batch must not be kept at all.
    const leaky = { redact: (t: string) => t, contains: (t: string) => t.includes("leak") };
    const writer = createRecordingWriter({ runId: RUN_ID, maxBytes: 1024 * 1024, redactor: leaky, startedAt: 0 });
    writer.add(0, JSON.stringify([event("fine")]));
    writer.add(0, JSON.stringify([event("a leak"), event("its neighbour")]));
    const { recording } = read((await writer.finish({ tabs: 1, steps: [], note: null })).data);
    expect(recording.events).toHaveLength(1);
  });

  it("stops at its size limit and says the recording was cut", async () => {
    const writer = createRecordingWriter({ runId: RUN_ID, maxBytes: 64 * 1024, redactor: createRedactor([]), startedAt: 0 });
    // Random text does not compress: a few batches pass the limit.
    for (let i = 0; i < 40 && !writer.cut; i++) {
      writer.add(0, JSON.stringify([event(randomBytes(16 * 1024).toString("base64"))]));
      await new Promise((resolve) => setImmediate(resolve)); // gzip reports what it wrote
    }
    const written = await writer.finish({ tabs: 1, steps: [], note: null });
    const { recording } = read(written.data);
    expect(recording.cut).toBe(true);
    expect(recording.note).toBe("The recording stopped at 0.1 MB, the size limit.");
    expect(written.data.length).toBeLessThan(2 * 64 * 1024);
    expect(recording.events.length).toBeGreaterThan(0);
  });
});
