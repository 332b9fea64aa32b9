import { createHash } from "node:crypto";
import { runFilesPrefix } from "../tasks/delete-task.ts";

/**
 * Each file has a folder of its own holding `content`: FileStorage removes by folder
 * (removeAll), and a folder also takes the media type the local storage keeps beside the bytes.
 */
const CONTENT = "content";

/** Storage keys are lower-case; a user id that is not (ids are UUIDs today) is hashed. */
const userSegment = (userId: string) => (/^[a-z0-9-]{1,64}$/.test(userId) ? userId : createHash("sha256").update(userId).digest("hex").slice(0, 32));

export const uploadFolder = (userId: string, fileId: string) => `uploads/${userSegment(userId)}/${fileId}`;

/** Under the run's step folder, so deleting the task (removeAll of `steps/<run id>`) removes them too. */
export const downloadFolder = (runId: string, fileId: string) => `${runFilesPrefix(runId)}/files/${fileId}`;

export const contentKey = (folder: string) => `${folder}/${CONTENT}`;

/** The folder a stored file's key is in (what to remove). */
export const folderOf = (storageKey: string) => storageKey.replace(new RegExp(`/${CONTENT}$`), "");
