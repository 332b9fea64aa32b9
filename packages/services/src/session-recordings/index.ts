// @errand/services/session-recordings: what a run's browser showed, as rrweb events (docs/adr/0047-session-recordings.md).
export { getSessionRecording, noRecordingReason } from "./get-session-recording.ts";
