// @errand/services/run-exports: a run's HAR, its trace as JSON and its bundle (docs/adr/0051-run-har-trace-bundle.md).
export { buildRunBundle } from "./build-run-bundle.ts";
export { readRunHar, readRunTrace } from "./read-run-records.ts";
export { zipArchive, type ArchiveFile } from "./zip-archive.ts";
