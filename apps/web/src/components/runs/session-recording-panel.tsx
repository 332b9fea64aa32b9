import { lazy, Suspense, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Film } from "lucide-react";
import type { SessionRecording } from "@errand/contract";
import { ApiRequestError } from "../../api/api-request-error";
import { sessionRecordingPath, sessionRecordingQueryOptions } from "../../api/session-recordings";
import { playableTabs, tabTimeline } from "../../lib/runs/session-recording-timeline";
import { Button } from "../ui/button";
import { Label } from "../ui/label";
import { LoadError } from "../ui/load-error";
import { Skeleton } from "../ui/skeleton";
import { DownloadButton, RunPanel } from "./run-panel";

// rrweb's player is large: it loads when a person opens the panel, never with the run page.
const SessionRecordingPlayer = lazy(() => import("./session-recording-player"));

/**
 * The run's session recording (docs/adr/0047-session-recordings.md): closed until asked for, then
 * played with its step markers; says why when there is none.
 */
export function SessionRecordingPanel({ runId }: { runId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <RunPanel
      id="run-recording-heading"
      title="Recording"
      className="content-start"
      aside={
        <div className="flex gap-2">
          {open ? null : (
            <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
              <Film aria-hidden="true" />
              Show the recording
            </Button>
          )}
          <DownloadButton
            href={sessionRecordingPath(runId)}
            fileName={`run-${runId}-recording.json`}
            label="Download the recording (JSON)"
          />
        </div>
      }
    >
      {open ? <RecordingBody runId={runId} /> : null}
    </RunPanel>
  );
}

function RecordingBody({ runId }: { runId: string }) {
  const recording = useQuery(sessionRecordingQueryOptions(runId));
  if (recording.isPending) return <Skeleton className="aspect-video w-full" role="status" aria-label="Loading the recording" />;
  if (recording.isError) {
    const error = recording.error;
    if (error instanceof ApiRequestError && error.status === 404) return <NoRecording reason={error.serverMessage} />;
    return <LoadError message="The recording could not be loaded." query={recording} />;
  }
  return <RecordingPlayer recording={recording.data} />;
}

function NoRecording({ reason }: { reason?: string }) {
  return (
    <div className="grid gap-1 rounded-lg border border-dashed p-4 text-sm">
      <p className="font-medium">No recording for this run</p>
      {reason ? <p className="text-muted-foreground">{reason}</p> : null}
    </div>
  );
}

function RecordingPlayer({ recording }: { recording: SessionRecording }) {
  const tabs = playableTabs(recording);
  const [tab, setTab] = useState(tabs[0] ?? 0);
  const timeline = tabTimeline(recording, tab);
  if (!timeline) return <NoRecording reason="The recording holds no page to play." />;
  return (
    <div className="grid gap-3">
      {recording.note ? (
        <p role="note" className="text-sm text-muted-foreground">
          {recording.note}
        </p>
      ) : null}
      {tabs.length > 1 ? (
        <div className="flex items-center gap-2">
          <Label htmlFor="recording-tab">Tab</Label>
          <select
            id="recording-tab"
            className="rounded-md border bg-background px-2 py-1 text-sm"
            value={tab}
            onChange={(event) => setTab(Number(event.target.value))}
          >
            {tabs.map((value) => (
              <option key={value} value={value}>
                Tab {value + 1}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <Suspense fallback={<Skeleton className="aspect-video w-full" role="status" aria-label="Loading the player" />}>
        <SessionRecordingPlayer key={tab} timeline={timeline} />
      </Suspense>
    </div>
  );
}
