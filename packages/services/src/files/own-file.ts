import { files } from "@errand/db";
import { ownership } from "../ownership.ts";

/**
 * The caller's file, or "File not found" (src/ownership.ts): `ownFile(db, caller, id,
 * columns?)` reads it, `callersFile(caller, id)` is the where clause of a write, which throws
 * `fileNotFound()` when it touched no row.
 */
export const { own: ownFile, where: callersFile, notFound: fileNotFound } = ownership(files, files.id, files.workspaceId, "File");
