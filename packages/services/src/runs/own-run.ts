import { tasksRuns } from "@errand/db";
import { ownership } from "../ownership.ts";

/**
 * The caller's run, or "Run not found" (src/ownership.ts): `ownRun(db, caller, id,
 * columns?)` reads it, `callersRun(caller, id)` is the where clause of a write, which throws
 * `runNotFound()` when it touched no row.
 */
export const { own: ownRun, where: callersRun, notFound: runNotFound } = ownership(tasksRuns, tasksRuns.id, tasksRuns.workspaceId, "Run");
