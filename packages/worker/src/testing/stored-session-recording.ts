import { gunzipSync } from "node:zlib";
import { sessionRecordingSchema, type SessionRecording } from "@errand/contract";
import { sessionRecordingKey, type FileStorage } from "@errand/services/storage";

/** The run's stored session recording, as its text (to look for secrets in) and parsed; null when none was kept. */
export async function storedSessionRecording(
  storage: FileStorage,
  runId: string,
): Promise<{ text: string; recording: SessionRecording } | null> {
  const stored = await storage.get(sessionRecordingKey(runId));
  if (!stored) return null;
  const text = gunzipSync(stored.data).toString("utf8");
  return { text, recording: sessionRecordingSchema.parse(JSON.parse(text)) };
}
