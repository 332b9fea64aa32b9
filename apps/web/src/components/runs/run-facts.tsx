import type { Run } from "@errand/contract";
import { formatExecutionTime } from "../../lib/format/display-format";
import { chargeLabel, formatRunCreated, limitsLabel, modelSpendLabel, tokensLabel } from "../../lib/runs/run-display";
import { cn } from "../ui/cn";
import { Fact } from "../ui/fact";
import { RunExecutionFact } from "./run-execution";
import { StatusBadge } from "./status-badge";

/**
 * A run at a glance: status, execution time, what it cost (credits or a free prompt, and the
 * model spend where the operator priced the model), the model's tokens, its limits, and once it ended how it was carried out. `elapsed` (seconds so far) stands in
 * for the time while pending.
 */
export function RunFacts({ run, elapsed, className }: { run: Run; elapsed: number | null; className?: string }) {
  const pending = run.status === "pending";
  const modelSpend = modelSpendLabel(run);
  const limits = limitsLabel(run);
  return (
    <dl className={cn("flex flex-wrap items-center gap-x-6 gap-y-2 text-sm", className)}>
      <div className="flex items-center">
        <dt className="sr-only">Status</dt>
        <dd>
          <StatusBadge status={run.status} />
        </dd>
      </div>
      <Fact label="Execution time">
        {pending ? (elapsed === null ? "—" : `${elapsed} s so far`) : formatExecutionTime(run.execution_time)}
      </Fact>
      <Fact label="Cost">{chargeLabel(run)}</Fact>
      {modelSpend === null ? null : <Fact label="Model spend">{modelSpend}</Fact>}
      <Fact label="Tokens">{tokensLabel(run)}</Fact>
      {limits === null ? null : <Fact label="Limits">{limits}</Fact>}
      {/* Once it ended: replayed without the model, repaired by the agent, or the agent. */}
      {!pending && run.execution ? <RunExecutionFact execution={run.execution} className="basis-full" /> : null}
    </dl>
  );
}

/** When the run was created, to the second. */
export function RunCreated({ run, className }: { run: Pick<Run, "created_at">; className?: string }) {
  return (
    <dl className={cn("text-sm", className)}>
      <Fact label="Created">
        <time dateTime={run.created_at}>{formatRunCreated(run.created_at)}</time>
      </Fact>
    </dl>
  );
}
