import { API_V1_PREFIX } from "@errand/contract";
import { runUrl, type Run, type SessionRecording } from "@errand/sdk";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { SessionRecordingSummary } from "./tool-definitions.ts";

/** get_run_recording: what the recording holds and where it plays, in a few lines; never the events (docs/adr/0047-session-recordings.md). */
export function sessionRecordingResult(baseUrl: string, run: Run, recording: SessionRecording): CallToolResult {
  const root = baseUrl.replace(/\/+$/, "");
  const summary: SessionRecordingSummary = {
    run_id: run.id,
    events: recording.events.length,
    tabs: recording.tabs,
    step_markers: recording.steps.length,
    duration_seconds: Math.round((recording.ended_at - recording.started_at) / 100) / 10,
    cut: recording.cut,
    note: recording.note,
    url: runUrl(baseUrl, run),
    download_url: `${root}${API_V1_PREFIX}/runs/${encodeURIComponent(run.id)}/recording`,
  };
  const lines = [
    `Session recording of run ${run.id}: ${summary.events} events over ${summary.duration_seconds} s in ${summary.tabs} tab(s), ${summary.step_markers} step markers.`,
    ...(summary.note ? [summary.note] : []),
    `Play it on the run's page: ${summary.url}`,
    `Download it as JSON (with your API key): ${summary.download_url}`,
  ];
  return { content: [{ type: "text", text: lines.join("\n") }], structuredContent: summary };
}
