// @errand/services/files: uploads a run may use and downloads it saves (docs/adr/0011-files-for-runs.md).
export { uploadFile } from "./upload-file.ts";
export { listFiles } from "./list-files.ts";
export { getFile } from "./get-file.ts";
export { deleteFile } from "./delete-file.ts";
export { readFileContent } from "./read-file-content.ts";
export { listRunFiles } from "./list-run-files.ts";
export { loadRunUploads, type RunUpload } from "./load-run-uploads.ts";
export { saveRunDownload, type RunDownloadInput } from "./save-run-download.ts";
