import { tasks } from "@errand/db";
import { ownership } from "../ownership.ts";

/**
 * The caller's task, or "Task not found" (src/ownership.ts): `ownTask(db, caller, id,
 * columns?)` reads it, `callersTask(caller, id)` is the where clause of a write, which throws
 * `taskNotFound()` when it touched no row.
 */
export const { own: ownTask, where: callersTask, notFound: taskNotFound } = ownership(tasks, tasks.id, tasks.workspaceId, "Task");
