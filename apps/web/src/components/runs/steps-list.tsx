import { useEffect, useRef } from "react";
import type { Step } from "@errand/contract";
import { formatDurationMs } from "../../lib/format/display-format";
import { stepSummary } from "../../lib/runs/steps";
import { cn } from "../ui/cn";
import { Badge } from "../ui/badge";
import { Spinner } from "../ui/spinner";
import { isMissedReplayStep, isReplayedStep } from "./execution-summary";
import { StepOutcomeBadge } from "./status-badge";

interface StepsListProps {
  steps: Step[];
  selectedId: string | null;
  onSelect: (step: Step) => void;
  /** The run is pending: a "Waiting for next step..." row ends the list. */
  waiting: boolean;
  /** Keep the newest step in view (live runs). */
  followLatest: boolean;
}

/** The Steps list (max height 450 px), oldest first. */
export function StepsList({ steps, selectedId, onSelect, waiting, followLatest }: StepsListProps) {
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const list = listRef.current;
    if (list && followLatest) list.scrollTop = list.scrollHeight;
  }, [steps.length, followLatest]);

  return (
    <ol ref={listRef} className="grid max-h-[450px] content-start gap-2 overflow-y-auto p-0.5" aria-label="Steps">
      {steps.map((step) => {
        const selected = step.id === selectedId;
        const replayed = isReplayedStep(step);
        const missed = replayed && isMissedReplayStep(step);
        // The badge says it: "Replayed: Open the product page" reads "Open the product page"; a miss says why.
        const summary = missed && step.error ? step.error : replayed ? stepSummary(step).replace(/^Replayed: /, "") : stepSummary(step);
        return (
          <li key={step.id}>
            <button
              type="button"
              onClick={() => onSelect(step)}
              aria-current={selected ? "step" : undefined}
              className={cn(
                "grid w-full gap-1 rounded-lg border p-3 text-left transition-colors hover:bg-muted",
                selected && "border-primary bg-accent hover:bg-accent",
              )}
            >
              <span className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
                <span className="flex items-center gap-1.5">
                  <span className="text-sm font-medium whitespace-nowrap">Step {step.number}</span>
                  {replayed ? (
                    <Badge
                      tone="outline"
                      className="px-1.5 py-0 text-[11px] font-medium"
                      title={
                        missed
                          ? "The recorded step could not be repeated: the agent took over"
                          : "Done by replaying a recording, without the model"
                      }
                    >
                      {missed ? "Replay missed" : "Replayed"}
                    </Badge>
                  ) : null}
                </span>
                <span className="flex items-center gap-2">
                  <span className="text-xs whitespace-nowrap text-muted-foreground">{formatDurationMs(step.duration_ms)}</span>
                  <StepOutcomeBadge success={step.success} />
                </span>
              </span>
              {summary ? <span className="line-clamp-2 text-sm break-words text-muted-foreground">{summary}</span> : null}
            </button>
          </li>
        );
      })}
      {waiting ? (
        <li className="flex items-center gap-2 rounded-lg border border-dashed p-3 text-sm text-muted-foreground" aria-live="polite">
          <Spinner />
          Waiting for next step...
        </li>
      ) : null}
    </ol>
  );
}
