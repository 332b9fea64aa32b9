// @errand/services/session-recordings: what a run's browser showed, as rrweb events (docs/adr/0047-session-recordings.md).
export { getSessionRecording, noRecordingReason, recordingDeletedReason } from "./get-session-recording.ts";
export { sweepRecordingRetention } from "./sweep-recording-retention.ts";
