import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { listLocalFiles, type LocalFile } from "./local-file-tree.ts";
import type { S3FileStorage } from "./s3-file-storage.ts";

export type MigrationOutcome = "uploaded" | "would upload" | "unchanged" | "failed";

export interface MigrationProgress {
  /** 1-based count of files handled so far, and how many there are. */
  done: number;
  total: number;
  key: string;
  bytes: number;
  outcome: MigrationOutcome;
  error?: string;
}

export interface MigrationSummary {
  total: number;
  /** Uploaded (or that would be, in a dry run). */
  uploaded: number;
  unchanged: number;
  failed: number;
  /** Bytes uploaded (or that would be, in a dry run). */
  bytes: number;
  /** Files without their `.type` (writes cut short): left where they are. */
  incomplete: string[];
  dryRun: boolean;
}

/**
 * Copies local storage (DATA_DIR/files) into the bucket. An object already there with the same
 * size, type and ETag (the MD5 of the bytes) is left alone, so running it again uploads nothing
 * new and an interrupted run resumes where it stopped. Local files are never deleted.
 */
export async function migrateFilesToS3(input: {
  root: string;
  target: S3FileStorage;
  dryRun?: boolean;
  concurrency?: number;
  onProgress?: (progress: MigrationProgress) => void;
}): Promise<MigrationSummary> {
  const { files, incomplete } = await listLocalFiles(input.root);
  const summary: MigrationSummary = {
    total: files.length,
    uploaded: 0,
    unchanged: 0,
    failed: 0,
    bytes: 0,
    incomplete,
    dryRun: Boolean(input.dryRun),
  };
  let done = 0;
  let next = 0;

  async function copy(file: LocalFile): Promise<{ outcome: MigrationOutcome; error?: string }> {
    try {
      const data = await readFile(file.path);
      const existing = await input.target.stat(file.key);
      const md5 = createHash("md5").update(data).digest("hex");
      // A multipart ETag ("<hash>-<parts>") is not an MD5: size and type decide then.
      const same =
        existing !== null &&
        existing.size === data.length &&
        existing.contentType === file.contentType &&
        (existing.etag.includes("-") || existing.etag === md5);
      if (same) return { outcome: "unchanged" };
      if (input.dryRun) return { outcome: "would upload" };
      await input.target.put(file.key, data, file.contentType);
      return { outcome: "uploaded" };
    } catch (error) {
      return { outcome: "failed", error: error instanceof Error ? error.message : String(error) };
    }
  }

  async function lane(): Promise<void> {
    while (next < files.length) {
      const file = files[next++]!;
      const { outcome, error } = await copy(file);
      if (outcome === "unchanged") summary.unchanged += 1;
      else if (outcome === "failed") summary.failed += 1;
      else {
        summary.uploaded += 1;
        summary.bytes += file.size;
      }
      done += 1;
      input.onProgress?.({ done, total: files.length, key: file.key, bytes: file.size, outcome, error });
    }
  }

  await Promise.all(Array.from({ length: Math.max(1, input.concurrency ?? 4) }, lane));
  return summary;
}
