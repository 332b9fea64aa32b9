import { createHash } from "node:crypto";

/**
 * Every key under which Errand stores a file, decided here alone:
 *   steps/<run id>/<n>.png|jpg             a step's screenshot (the worker)
 *   steps/<run id>/files/<file id>/content  a file a site sent during the run
 *   steps/<run id>/approval.jpg           the page as the run last asked for approval
 *   steps/<run id>/network.har.gz          the run's requests and responses (HAR, gzip; the worker)
 *   steps/<run id>/trace.json.gz           the run's spans as JSON (gzip; the worker)
 *   steps/<run id>/recording.json.gz       the run's session recording (the worker)
 *   uploads/<user>/<file id>/content        an upload (POST /files)
 * A run's files sit under its folder, so deleting the task (removeAll of runFolder) removes them
 * all. Each file has a folder of its own holding `content`: FileStorage removes by folder, and a
 * folder also takes the media type the local storage keeps beside the bytes.
 */
const CONTENT = "content";

/** Storage keys are lower-case; a user id that is not (ids are UUIDs today) is hashed. */
const userSegment = (userId: string) =>
  /^[a-z0-9-]{1,64}$/.test(userId) ? userId : createHash("sha256").update(userId).digest("hex").slice(0, 32);

/** The folder of everything a run stored: its step screenshots and downloads. */
export const runFolder = (runId: string) => `steps/${runId}`;

export const stepScreenshotKey = (runId: string, stepNumber: number, type: "png" | "jpeg") =>
  `${runFolder(runId)}/${stepNumber}.${type === "jpeg" ? "jpg" : "png"}`;

/** The page as the run last asked a person to approve an action (docs/adr/0048-approval-before-irreversible-actions.md); each ask replaces it. */
export const approvalScreenshotKey = (runId: string) => `${runFolder(runId)}/approval.jpg`;
/** The run's HAR, gzip (docs/adr/0051-run-har-trace-bundle.md). */
export const runHarKey = (runId: string) => `${runFolder(runId)}/network.har.gz`;

/** The run's trace as JSON, gzip: what GET /runs/{id}/trace serves, with or without a collector. */
export const runTraceKey = (runId: string) => `${runFolder(runId)}/trace.json.gz`;

export const uploadFolder = (userId: string, fileId: string) => `uploads/${userSegment(userId)}/${fileId}`;

export const downloadFolder = (runId: string, fileId: string) => `${runFolder(runId)}/files/${fileId}`;

export const contentKey = (folder: string) => `${folder}/${CONTENT}`;

/** The folder a stored file's key is in (what to remove). */
export const folderOf = (storageKey: string) => storageKey.replace(new RegExp(`/${CONTENT}$`), "");

/** A run's session recording, gzipped JSON (docs/adr/0047-session-recordings.md); under the run's folder, so it goes with the run. */
export const sessionRecordingKey = (runId: string) => `${runFolder(runId)}/recording.json.gz`;
