import { createGzip } from "node:zlib";
import { SESSION_RECORDING_FORMAT, SESSION_RECORDING_VERSION, type SessionRecordingStep } from "@errand/contract";

/** What the writer hides: the run's secret values (docs/adr/0047-session-recordings.md). */
export interface RecordingRedactor {
  redact(text: string): string;
  contains(text: string): boolean;
}

export interface WrittenRecording {
  data: Buffer;
  events: number;
  cut: boolean;
}

/**
 * The recording as gzipped JSON, written as events come so only compressed bytes stay in memory.
 * Each batch has the run's secrets replaced, and is dropped whole if one still shows (the final
 * guard); past `maxBytes` compressed it stops taking events and the note says so.
 */
export function createRecordingWriter(args: { runId: string; maxBytes: number; redactor: RecordingRedactor; startedAt: number }) {
  const gzip = createGzip();
  const chunks: Buffer[] = [];
  let compressed = 0;
  gzip.on("data", (chunk: Buffer) => {
    chunks.push(chunk);
    compressed += chunk.length;
  });
  const ended = new Promise<void>((resolve, reject) => {
    gzip.on("end", resolve);
    gzip.on("error", reject);
  });
  let events = 0;
  let cut = false;
  let finished = false;
  gzip.write(
    `{"format":${JSON.stringify(SESSION_RECORDING_FORMAT)},"version":${SESSION_RECORDING_VERSION},"run_id":${JSON.stringify(args.runId)},"started_at":${args.startedAt},"events":[`,
  );
  return {
    /** A batch from one tab: a JSON array of rrweb events as the page sent it. */
    add(tab: number, batch: string) {
      if (finished || cut) return;
      // What is compressed, plus what still waits for zlib (counted whole: it can only shrink).
      if (compressed + gzip.writableLength >= args.maxBytes) return void (cut = true);
      const redacted = args.redactor.redact(batch);
      if (args.redactor.contains(redacted)) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(redacted);
      } catch {
        return; // not what our script sends
      }
      if (!Array.isArray(parsed)) return;
      const lines = parsed.filter(isEvent).map((event) => JSON.stringify({ ...event, tab }));
      if (lines.length === 0) return;
      gzip.write(`${events === 0 ? "" : ","}${lines.join(",")}`);
      events += lines.length;
    },
    get cut() {
      return cut;
    },
    /** Closes the document with the steps and the note; the gzipped bytes. */
    async finish(tail: { tabs: number; steps: SessionRecordingStep[]; note: string | null }): Promise<WrittenRecording> {
      finished = true;
      const note = cut ? `The recording stopped at ${formatMegabytes(args.maxBytes)}, the size limit.` : tail.note;
      gzip.end(
        `],"steps":${JSON.stringify(tail.steps)},"tabs":${tail.tabs},"ended_at":${Date.now()},"cut":${cut},"note":${JSON.stringify(note)}}`,
      );
      await ended;
      return { data: Buffer.concat(chunks), events, cut };
    },
  };
}

const isEvent = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "number";

const formatMegabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
