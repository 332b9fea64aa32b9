import type { ReactNode } from "react";
import { CheckCircle2, ExternalLink, XCircle } from "lucide-react";
import type { Step } from "@errand/contract";
import { formatDurationMs } from "../../lib/format/display-format";
import { describeAction } from "../../lib/runs/steps";
import { StepOutcomeBadge } from "./status-badge";

/** The Step Details pane: the screenshot, then what the agent did and saw. */
export function StepDetails({
  step,
  screenshot,
  headingLevel: Heading = "h4",
  title,
}: {
  step: Step | null;
  screenshot: ReactNode;
  /** The step's heading level where the pane sits (h3 on the task page, h4 in a replay). */
  headingLevel?: "h3" | "h4";
  /** The pane's own heading, put on the step's line to save height. */
  title?: ReactNode;
}) {
  if (!step) {
    return (
      <div className="grid content-start gap-3">
        {title}
        <div className="flex min-h-48 items-center justify-center rounded-lg border border-dashed p-6 text-sm text-muted-foreground">
          Select a step to view details
        </div>
      </div>
    );
  }
  return (
    <article className="grid content-start gap-3" aria-label={`Step ${step.number} details`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {title ? (
          <div className="flex items-baseline gap-2">
            {title}
            <Heading className="text-sm text-muted-foreground">Step {step.number}</Heading>
          </div>
        ) : (
          <Heading className="font-semibold">Step {step.number}</Heading>
        )}
        <div className="flex items-center gap-2 text-xs text-muted-foreground">
          <span>{formatDurationMs(step.duration_ms)}</span>
          <StepOutcomeBadge success={step.success} />
        </div>
      </div>
      {screenshot}
      {step.url ? (
        <a
          href={step.url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-w-0 items-center gap-1 text-xs text-primary hover:underline"
        >
          <span className="truncate">{step.url}</span>
          <ExternalLink className="size-3 shrink-0" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      ) : null}
      {step.extracted_content ? (
        <div className="grid gap-1">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Extracted content</p>
          <p className="max-h-40 overflow-auto rounded-md bg-muted/50 p-2 text-sm whitespace-pre-wrap break-words">
            {step.extracted_content}
          </p>
        </div>
      ) : null}
      {step.error ? <p className="rounded-md border border-red-200 bg-red-50 p-2 text-sm break-words text-red-900">{step.error}</p> : null}
      {step.action?.length ? <StepActions actions={step.action} /> : null}
    </article>
  );
}

/** What the agent did in the step, each action marked done or failed (with its error). */
function StepActions({ actions }: { actions: NonNullable<Step["action"]> }) {
  return (
    <div className="grid gap-1">
      <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Actions</p>
      <ul className="grid gap-1 text-sm">
        {actions.map((action, index) => (
          <li key={index} className="flex items-start gap-2">
            {!action.ok ? (
              <XCircle className="mt-0.5 size-4 shrink-0 text-red-600" aria-label="Failed" />
            ) : (
              <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-600" aria-hidden="true" />
            )}
            <span className="min-w-0 break-words">
              {describeAction(action)}
              {action.error ? <span className="block text-xs text-red-700">{action.error}</span> : null}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** How a step's screenshot is framed in Step Details (the run page's and the replay's). */
export function stepScreenshotFrame(step: { number: number }) {
  return {
    alt: `Screenshot of step ${step.number}`,
    fit: "contain",
    zoomable: true,
    className: "aspect-[16/10] w-full rounded-lg border",
  } as const;
}

/** The frame of a step screenshot, or the spec's text when the step has none. */
export function NoStepScreenshot() {
  return (
    <div className="flex aspect-[16/10] items-center justify-center rounded-lg border border-dashed bg-muted/40 p-4 text-center text-sm text-muted-foreground">
      No screenshot available for this step
    </div>
  );
}
