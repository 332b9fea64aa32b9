import path from "node:path";
import { loadConfig } from "@errand/config";
import { createS3FileStorage, migrateFilesToS3, type MigrationProgress } from "@errand/services/storage";

const USAGE = "Usage: errand storage migrate [--dry-run]   (copies DATA_DIR/files to the S3 bucket of S3_URL)\n";

/** How often a line is printed for files already in the bucket (each upload or failure gets one). */
const UNCHANGED_EVERY = 200;

const size = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 ** 2 ? `${(bytes / 1024).toFixed(1)} kB` : `${(bytes / 1024 ** 2).toFixed(1)} MB`;

/** `errand storage migrate`: copies the files on local disk to the bucket; safe to run again. */
export async function storageCommand(args: string[]): Promise<number> {
  const dryRun = args.includes("--dry-run");
  if (args[0] !== "migrate" || args.slice(1).some((a) => a !== "--dry-run")) {
    process.stderr.write(USAGE);
    return 2;
  }
  const config = loadConfig();
  if (!config.s3) {
    process.stderr.write("S3_URL is not set: set S3_URL, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY to the bucket to copy to.\n");
    return 2;
  }
  const target = createS3FileStorage(config.s3);
  await target.checkBucket();
  const root = path.join(config.dataDir, "files");
  const out = (line: string) => process.stdout.write(`${line}\n`);
  out(`${dryRun ? "Dry run: comparing" : "Copying"} ${root} with the bucket "${config.s3.bucket}"`);

  const report = ({ done, total, key, bytes, outcome, error }: MigrationProgress) => {
    const at = `[${done}/${total}]`;
    if (outcome === "failed") out(`${at} failed ${key}: ${error}`);
    else if (outcome !== "unchanged") out(`${at} ${outcome} ${key} (${size(bytes)})`);
    else if (done % UNCHANGED_EVERY === 0 || done === total) out(`${at} checked`);
  };
  const summary = await migrateFilesToS3({ root, target, dryRun, onProgress: report });

  out(
    `${summary.total} files: ${summary.uploaded} ${dryRun ? "to upload" : "uploaded"} (${size(summary.bytes)}), ` +
      `${summary.unchanged} already in the bucket, ${summary.failed} failed.`,
  );
  if (summary.incomplete.length) {
    out(
      `${summary.incomplete.length} left out, with no .type file beside them (a write cut short): ${summary.incomplete.slice(0, 5).join(", ")}${summary.incomplete.length > 5 ? ", ..." : ""}`,
    );
  }
  if (summary.failed) out("Run it again to retry the failed files: those already copied are skipped.");
  else if (!dryRun) out("Local files were left in place: remove DATA_DIR/files once every server runs with S3_URL.");
  return summary.failed ? 1 : 0;
}
