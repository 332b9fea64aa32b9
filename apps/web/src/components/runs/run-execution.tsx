import { Bot, Wrench, Zap } from "lucide-react";
import type { ExecutionKind, RunExecution } from "@errand/contract";
import { cn } from "../ui/cn";
import { executionSummary } from "./execution-summary";

const ICONS: Record<ExecutionKind, typeof Zap> = { replayed: Zap, repaired: Wrench, agent: Bot };

/**
 * How an ended run was carried out (replayed, repaired, or the agent), what it saved, and the
 * server's note; a `dt`/`dd` pair for the run's facts.
 */
export function RunExecutionFact({ execution, className }: { execution: RunExecution; className?: string }) {
  const summary = executionSummary(execution);
  const Icon = ICONS[summary.kind];
  return (
    <div className={cn("grid min-w-0 gap-0.5", className)}>
      <dt className="sr-only">How the run went</dt>
      <dd className="flex min-w-0 items-start gap-1.5" data-execution={summary.kind}>
        <Icon
          className={cn("mt-0.5 size-4 shrink-0", summary.kind === "agent" ? "text-muted-foreground" : "text-primary")}
          aria-hidden="true"
        />
        <span className="min-w-0 break-words">
          <span className="font-medium">{summary.headline}</span>
          {summary.details.map((detail) => (
            <span key={detail} className="text-muted-foreground">
              {" · "}
              {detail}
            </span>
          ))}
        </span>
      </dd>
      {summary.note ? <dd className="pl-5.5 text-xs break-words text-muted-foreground">{summary.note}</dd> : null}
    </div>
  );
}
