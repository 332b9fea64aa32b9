import { index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { FILE_ORIGINS } from "@errand/contract";
import { tasksRuns } from "./tasks.ts";
import { randomId, createdAt, cascadeTo } from "./columns.ts";
import { madeBy, workspaceId } from "./owner-column.ts";

/**
 * Files runs work with (ADR 0011). An upload is sent through the API and given to runs
 * (run_files); a download is a file a site sent during a run, kept with that run. The bytes are
 * in the file storage at `storage_key`; the row says what they are.
 */
export const files = pgTable(
  "files",
  {
    id: randomId(),
    userId: madeBy(),
    workspaceId: workspaceId(),
    origin: text("origin", { enum: FILE_ORIGINS }).notNull(),
    /** A download's run (it goes with the run); null for uploads. */
    runId: uuid("run_id").references(() => tasksRuns.id, { onDelete: "cascade" }),
    /** A download's step (the one during which the site sent it). */
    stepNumber: integer("step_number"),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    /** Hex. */
    sha256: text("sha256").notNull(),
    storageKey: text("storage_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // A user's uploads, newest first.
    index("files_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("files_workspace_created_idx").on(t.workspaceId, t.createdAt.desc()),
    // A run's downloads, in order.
    index("files_run_idx").on(t.runId, t.createdAt),
  ],
);

/** Uploads given to a run, in the order given; one upload may serve several runs. */
export const runFiles = pgTable(
  "run_files",
  {
    runId: cascadeTo("run_id", () => tasksRuns.id),
    fileId: cascadeTo("file_id", () => files.id),
    position: integer("position").notNull(),
  },
  // Deleting an upload finds its runs by file.
  (t) => [primaryKey({ columns: [t.runId, t.fileId] }), index("run_files_file_idx").on(t.fileId)],
);
