import { useEffect, useState } from "react";
import { Play, RotateCcw } from "lucide-react";
import type { DemoRun } from "@errand/contract";
import {
  DEMO_REPLAY_WORDS,
  PLAYBACK_WORDS,
  REPLAY_STEP_MS,
  replayProgress,
  type ReplayPhase,
  type ReplayWords,
} from "../../lib/runs/replay";
import { stepSummary } from "../../lib/runs/steps";
import { cn } from "../ui/cn";
import { ResultsPanel } from "../runs/results-panel";
import { ImageMessage, RemoteImage } from "../runs/remote-image";
import { StepOutcomeBadge } from "../runs/status-badge";
import { NoStepScreenshot, StepDetails, stepScreenshotFrame } from "../runs/step-details";
import { Button } from "../ui/button";
import { Card, CardContent, CardHeader } from "../ui/card";
import { Spinner } from "../ui/spinner";

type DemoStep = DemoRun["steps"][number];

interface ReplayPanelProps {
  demo: DemoRun;
  /** h1 on the demo page, h2 where the panel is part of another page. */
  headingLevel?: "h1" | "h2";
  /** The panel's heading: "Demo" unless the page says otherwise (a shared run). */
  title?: string;
  /**
   * "replay" (the demo, spec section 4): blurred behind "Replay Execution" until started.
   * "playback" (a shared run, ADR 0059): opens on the result and the last screenshot, the steps
   * played back on request.
   */
  mode?: "replay" | "playback";
}

/** Idle, then one more step every 500 ms, then finished (when a step may be picked). */
function useReplay(steps: DemoStep[], opensFinished: boolean) {
  const total = steps.length;
  const [phase, setPhase] = useState<ReplayPhase>(opensFinished ? "finished" : "idle");
  const [revealed, setRevealed] = useState(opensFinished ? total : 0);
  const [chosenId, setChosenId] = useState<string | null>(null);

  useEffect(() => {
    if (phase !== "replaying") return;
    const timer = setInterval(() => {
      setRevealed((count) => Math.min(count + 1, total));
    }, REPLAY_STEP_MS);
    return () => clearInterval(timer);
  }, [phase, total]);

  if (phase === "replaying" && revealed >= total) setPhase("finished");

  // Idle: the whole run shows blurred behind the overlay, as a preview.
  const visible = phase === "idle" || (phase === "finished" && opensFinished) ? steps : steps.slice(0, revealed);
  const chosen = phase === "finished" ? visible.find((step) => step.id === chosenId) : undefined;
  // A live shared run may gain steps after it opened finished: they show at once.
  const shownCount = phase === "finished" ? visible.length : revealed;
  return {
    phase,
    revealed: shownCount,
    total,
    visible,
    selected: (phase === "idle" ? steps.at(-1) : (chosen ?? visible.at(-1))) ?? null,
    progress: phase === "idle" ? 0 : replayProgress(shownCount, total),
    choose: setChosenId,
    start: () => {
      setChosenId(null);
      setRevealed(total > 0 ? 1 : 0);
      setPhase(total > 0 ? "replaying" : "finished");
    },
  };
}

type Replay = ReturnType<typeof useReplay>;

/**
 * The demo replay (spec sections 2 and 4): idle behind a "Replay Execution" overlay, then one
 * step every 500 ms with a progress bar and "Replaying...", then finished with a small replay button.
 * A shared run's playback opens finished (ADR 0059).
 */
export function ReplayPanel({ demo, headingLevel = "h2", title = "Demo", mode = "replay" }: ReplayPanelProps) {
  const { run } = demo;
  const words = mode === "playback" ? PLAYBACK_WORDS : DEMO_REPLAY_WORDS;
  const replay = useReplay(demo.steps, mode === "playback");
  const { phase, selected } = replay;
  const Heading = headingLevel;

  return (
    <Card className="overflow-hidden">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 pb-4">
        <Heading className="text-xl font-semibold tracking-tight">{title}</Heading>
        {phase === "finished" && replay.total > 0 ? (
          <Button variant="outline" size="sm" onClick={replay.start} aria-label={words.againLabel}>
            {mode === "playback" ? <Play aria-hidden="true" /> : <RotateCcw aria-hidden="true" />}
            {words.again}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {run.prompt ? (
          <div className="grid gap-1">
            <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Prompt</p>
            <p className="max-h-32 overflow-y-auto rounded-md bg-muted/50 p-3 text-sm whitespace-pre-wrap break-words">{run.prompt}</p>
          </div>
        ) : null}
        {/* A shared run's recipient wants the result first (ADR 0059); the demo shows it after its replay. */}
        {mode === "playback" && phase === "finished" && (run.result || run.status_reason) ? <ResultsPanel run={run} /> : null}
        <ReplayProgress replay={replay} words={words} />
        <div className="relative">
          <div
            className={cn(
              "grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]",
              phase === "idle" && "max-h-96 min-h-72 overflow-hidden blur-[3px] select-none",
            )}
            aria-hidden={phase === "idle" ? true : undefined}
            inert={phase === "idle" ? true : undefined}
          >
            <DemoStepList replay={replay} runPending={run.status === "pending"} label={words.steps} />
            <StepDetails
              step={selected}
              screenshot={
                selected?.screenshot_url ? (
                  <RemoteImage key={selected.id} src={selected.screenshot_url} {...stepScreenshotFrame(selected)} />
                ) : (
                  <NoStepScreenshot />
                )
              }
            />
          </div>
          {phase === "idle" ? (
            <div className="absolute inset-0 flex items-center justify-center rounded-lg bg-background/60">
              <Button size="lg" onClick={replay.start} className="shadow-lg">
                <Play aria-hidden="true" />
                {words.start}
              </Button>
            </div>
          ) : null}
        </div>
        {mode === "replay" && phase === "finished" && (run.result || run.status_reason) ? <ResultsPanel run={run} /> : null}
      </CardContent>
    </Card>
  );
}

/** "Replaying..." (or "Playing back...") and the progress bar. */
function ReplayProgress({ replay: { phase, revealed, total, progress }, words }: { replay: Replay; words: ReplayWords }) {
  const steps = `${total} ${total === 1 ? "step" : "steps"}`;
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between text-xs text-muted-foreground">
        <span aria-live="polite">{phase === "replaying" ? words.playing : phase === "finished" ? words.finished(steps) : words.ready}</span>
        <span className="tabular-nums">
          {phase === "idle" ? 0 : revealed}/{total}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={words.progress}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress)}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width] duration-300" style={{ width: `${progress}%` }} />
      </div>
    </div>
  );
}

/** The steps revealed so far; once finished, each can be picked. */
function DemoStepList({
  replay: { phase, visible, selected, total, choose },
  runPending,
  label,
}: {
  replay: Replay;
  runPending: boolean;
  label: string;
}) {
  return (
    <ol className="grid max-h-[300px] content-start gap-2 overflow-y-auto p-0.5" aria-label={label}>
      {visible.map((step) => (
        <li key={step.id}>
          <button
            type="button"
            onClick={() => choose(step.id)}
            disabled={phase !== "finished"}
            aria-current={selected?.id === step.id ? "step" : undefined}
            className={cn(
              "flex w-full items-start gap-3 rounded-lg border p-2 text-left transition-colors enabled:hover:bg-muted disabled:cursor-default",
              selected?.id === step.id && "border-primary bg-accent enabled:hover:bg-accent",
            )}
          >
            {step.screenshot_url ? (
              <RemoteImage src={step.screenshot_url} alt="" className="h-12 w-20 shrink-0 rounded border text-[10px]" />
            ) : (
              <ImageMessage text="No Image" className="h-12 w-20 shrink-0 rounded border text-[10px]" />
            )}
            <span className="grid min-w-0 flex-1 gap-1">
              <span className="flex items-center justify-between gap-2">
                <span className="text-sm font-medium">Step {step.number}</span>
                <StepOutcomeBadge success={step.success} />
              </span>
              <span className="line-clamp-2 text-xs break-words text-muted-foreground">{stepSummary(step)}</span>
            </span>
          </button>
        </li>
      ))}
      {runPending && phase === "finished" ? (
        <li className="flex items-center gap-2 rounded-lg border border-dashed p-3 text-sm text-muted-foreground">
          <Spinner />
          Waiting for next step...
        </li>
      ) : null}
      {phase === "finished" && total === 0 && !runPending ? (
        <li className="rounded-lg border border-dashed p-3 text-sm text-muted-foreground">This run has no steps.</li>
      ) : null}
    </ol>
  );
}
