// @errand/services/storage: where files are kept, the local tree or S3.
export { createLocalFileStorage, assertStorageKey, type FileStorage } from "./file-storage.ts";
export { createS3FileStorage, type S3FileStorage } from "./s3-file-storage.ts";
export { S3Error, type S3Options } from "./s3-client.ts";
export { migrateFilesToS3, type MigrationProgress, type MigrationSummary } from "./migrate-files-to-s3.ts";
export { approvalScreenshotKey, runFolder, runHarKey, runTraceKey, sessionRecordingKey, stepScreenshotKey } from "./storage-keys.ts";
