import type { RunTrace } from "@errand/contract";
import { runHarKey, runTraceKey, type FileStorage } from "@errand/services/storage";
import { gunzipSync } from "node:zlib";
import type { HarDocument } from "../har/record-har.ts";

/** The run's stored HAR and trace as text (to search for secrets) and parsed (to check their shape). */
export async function storedRecords(storage: FileStorage, runId: string) {
  const read = async (key: string) => {
    const stored = await storage.get(key);
    if (!stored) throw new Error(`nothing stored under ${key}`);
    return gunzipSync(stored.data).toString("utf8");
  };
  const [harText, traceText] = await Promise.all([read(runHarKey(runId)), read(runTraceKey(runId))]);
  return { harText, traceText, har: JSON.parse(harText) as HarDocument, trace: JSON.parse(traceText) as RunTrace };
}
