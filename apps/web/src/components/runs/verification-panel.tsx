import { Link } from "react-router";
import { CircleCheck, CircleX } from "lucide-react";
import type { Run, Verdict } from "@errand/contract";
import { Badge } from "../ui/badge";
import { cn } from "../ui/cn";
import { RunPanel } from "./run-panel";

const VERDICT_LABELS: Record<Verdict, string> = { pass: "Verified", fail: "Failed checks", unsure: "Unsure" };
const VERDICT_TONES = { pass: "success", fail: "failure", unsure: "pending" } as const;

/** The verdict as a badge: Verified, Failed checks, Unsure. */
export function VerdictBadge({ verdict }: { verdict: Verdict }) {
  return (
    <Badge tone={VERDICT_TONES[verdict]} data-verdict={verdict}>
      {VERDICT_LABELS[verdict]}
    </Badge>
  );
}

/**
 * How the run's answer was verified (docs/adr/0043-verified-results.md): the verdict, each check
 * with what it found, the judge's verdict, reasons and tokens; and the retry chain it belongs to.
 */
export function VerificationPanel({ run, taskId }: { run: Run; taskId: string }) {
  const { verification } = run;
  if (!verification && !run.retry_of && run.retries.length === 0) return null;
  return (
    <RunPanel
      id="verification-heading"
      title="Verification"
      className="rounded-lg border p-4"
      headerClassName="items-center gap-2"
      titleClassName="text-base"
      aside={verification ? <VerdictBadge verdict={verification.verdict} /> : null}
    >
      {verification ? (
        <ul className="grid gap-1.5 text-sm" aria-label="Checks">
          {verification.checks.map((check, index) => (
            // Checks are listed in the order they were written; their place is their identity.
            <li key={index} className="flex min-w-0 items-start gap-2" data-passed={check.passed}>
              <CheckIcon passed={check.passed} />
              <span className="min-w-0 break-words">
                <span className="font-mono text-xs text-muted-foreground">{check.kind}</span> {check.message}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {verification?.judge ? (
        <div className="grid gap-1 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">Judge</span>
            <VerdictBadge verdict={verification.judge.verdict} />
            <span className="text-xs text-muted-foreground">
              {verification.judge.tokens.input.toLocaleString("en-US")} in / {verification.judge.tokens.output.toLocaleString("en-US")} out
              tokens
            </span>
          </div>
          <ul className="list-disc pl-5 break-words text-muted-foreground" aria-label="Judge's reasons">
            {verification.judge.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <RetryChain run={run} taskId={taskId} />
    </RunPanel>
  );
}

function CheckIcon({ passed }: { passed: boolean }) {
  const Icon = passed ? CircleCheck : CircleX;
  return (
    <Icon
      className={cn("mt-0.5 size-4 shrink-0", passed ? "text-green-700" : "text-destructive")}
      aria-label={passed ? "Passed" : "Failed"}
      role="img"
    />
  );
}

function RetryChain({ run, taskId }: { run: Run; taskId: string }) {
  if (run.retry_of)
    return (
      <p className="text-sm text-muted-foreground">
        A retry of <Link to={`/tasks/${taskId}/task-runs/${run.retry_of}`}>the first run</Link>.
      </p>
    );
  if (run.retries.length === 0) return null;
  return (
    <p className="text-sm text-muted-foreground">
      Retried {run.retries.length} {run.retries.length === 1 ? "time" : "times"}:{" "}
      {run.retries.map((id, index) => (
        <span key={id}>
          {index > 0 ? ", " : null}
          <Link to={`/tasks/${taskId}/task-runs/${id}`}>retry {index + 1}</Link>
        </span>
      ))}
    </p>
  );
}
