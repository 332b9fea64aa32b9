import { ChevronDown } from "lucide-react";
import type { Run } from "@errand/contract";
import { runOptionLabel, runOptionParts } from "../../lib/runs/run-display";
import { cn } from "../ui/cn";

interface RunSelectorProps {
  id: string;
  runs: Run[];
  value: string;
  onChange: (runId: string) => void;
  className?: string;
}

/**
 * The run selector (spec: "a run selector listing date and status"): a native <select> for
 * keyboards, screen readers and phones' own pickers, drawn over a two-line face ("#3 · Success",
 * "2:05:07 PM · 12 s") so the chosen run's label is never cut on a narrow screen.
 */
export function RunSelector({ id, runs, value, onChange, className }: RunSelectorProps) {
  const selected = runs.find((run) => run.id === value);
  const face = selected ? runOptionParts(selected) : null;
  return (
    <div
      className={cn(
        "relative min-w-0 rounded-md border border-input bg-background shadow-xs transition-colors has-[select:focus-visible]:border-ring has-[select:focus-visible]:outline-2 has-[select:focus-visible]:outline-ring",
        className,
      )}
    >
      <div aria-hidden="true" className="grid min-h-11 content-center py-1 pr-9 pl-3 text-sm leading-snug">
        {face ? (
          <>
            <span className="truncate font-medium" data-part="name">
              {face.name}
            </span>
            <span className="truncate text-xs text-muted-foreground" data-part="when">
              {face.when}
            </span>
          </>
        ) : null}
      </div>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="absolute inset-0 size-full cursor-pointer appearance-none rounded-md text-base opacity-0 sm:text-sm"
      >
        {runs.map((run) => (
          <option key={run.id} value={run.id}>
            {runOptionLabel(run)}
          </option>
        ))}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
    </div>
  );
}
