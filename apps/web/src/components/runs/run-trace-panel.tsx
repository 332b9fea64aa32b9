import { useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { RUN_DOWNLOADS, type RunDownload, type TraceStep } from "@errand/contract";
import { runDownloadPath, runTraceQueryOptions } from "../../api/run-exports";
import { Button } from "../ui/button";
import { RunPanel } from "./run-panel";

const DOWNLOAD_LABELS: Record<RunDownload, { label: string; file: (id: string) => string }> = {
  har: { label: "HAR", file: (id) => `run-${id}.har` },
  trace: { label: "Trace", file: (id) => `run-${id}-trace.json` },
  bundle: { label: "Bundle", file: (id) => `run-${id}.zip` },
};

/** The parts of a step's time, in the waterfall's order and colours. */
const PARTS = [
  { key: "model_ms", label: "Model", className: "bg-primary" },
  { key: "browser_ms", label: "Browser", className: "bg-sky-500" },
  { key: "waiting_ms", label: "Waiting", className: "bg-muted-foreground/40" },
] as const;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Where an ended run's time went (docs/adr/0051-run-har-trace-bundle.md): per step a bar split
 * into model, browser and waiting, written out in the row for screen readers and narrow screens,
 * and the run's downloads (HAR, trace, bundle).
 */
export function RunTracePanel({ runId }: { runId: string }) {
  const trace = useQuery(runTraceQueryOptions(runId));
  const steps = trace.data?.steps ?? [];
  const longest = Math.max(1, ...steps.map((step) => step.duration_ms));
  return (
    <RunPanel id="run-trace-heading" title="Time per step" className="content-start" aside={<RunDownloads runId={runId} />}>
      {steps.length ? (
        <>
          <Legend />
          <ol className="grid gap-2" aria-label="Time per step: model, browser and waiting">
            {steps.map((step) => (
              <WaterfallRow key={step.number} step={step} longest={longest} />
            ))}
          </ol>
        </>
      ) : trace.isSuccess ? (
        <p className="text-sm text-muted-foreground">This run has no timed steps.</p>
      ) : null}
    </RunPanel>
  );
}

/** The run's files to download with the session: each an attachment of the API. */
function RunDownloads({ runId }: { runId: string }) {
  return (
    <div role="group" aria-label="Downloads" className="flex flex-wrap gap-2">
      {RUN_DOWNLOADS.map((download) => (
        <Button key={download} asChild variant="outline" size="sm">
          <a href={runDownloadPath(runId, download)} download={DOWNLOAD_LABELS[download].file(runId)}>
            <Download aria-hidden="true" />
            {DOWNLOAD_LABELS[download].label}
          </a>
        </Button>
      ))}
    </div>
  );
}

function Legend() {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-hidden="true">
      {PARTS.map((part) => (
        <li key={part.key} className="flex items-center gap-1.5">
          <span className={`size-2.5 rounded-sm ${part.className}`} />
          {part.label}
        </li>
      ))}
    </ul>
  );
}

/** One step: its number and total, the split in words, and the bar (scaled to the longest step) for the eye. */
function WaterfallRow({ step, longest }: { step: TraceStep; longest: number }) {
  const words = PARTS.map((part) => `${part.label.toLowerCase()} ${seconds(step[part.key])}`).join(", ");
  return (
    <li className="grid gap-1 text-sm">
      <div className="flex flex-wrap justify-between gap-x-3">
        <span className="font-medium">
          Step {step.number} · {seconds(step.duration_ms)}
        </span>
        <span className="text-xs text-muted-foreground">{words}</span>
      </div>
      <div
        className="flex h-2.5 overflow-hidden rounded-sm bg-muted"
        style={{ width: `${(step.duration_ms / longest) * 100}%` }}
        aria-hidden="true"
      >
        {PARTS.map((part) => (
          <span key={part.key} className={part.className} style={{ width: `${(step[part.key] / Math.max(1, step.duration_ms)) * 100}%` }} />
        ))}
      </div>
    </li>
  );
}
