import { batches } from "@errand/db";
import { ownership } from "../ownership.ts";

/** The caller's batch, or "Batch not found" (src/ownership.ts). */
export const { own: ownBatch, where: callersBatch, notFound: batchNotFound } = ownership(batches, batches.id, batches.workspaceId, "Batch");
