import { CircleCheck, LoaderCircle } from "lucide-react";
import { PanelFrame } from "./panel-frame";

const STEPS = [
  { action: "Go to news.ycombinator.com", done: true },
  { action: 'Click [14] link "show"', done: true },
  { action: "Scroll down one page", done: true },
  { action: "Read the 10 newest posts", done: false },
];

const ELEMENTS = ['[12] link "new"', '[14] link "show"', '[15] link "ask"', '[31] input "Search"'];

/** A run in progress: steps with screenshots, and the indexed elements the agent reads. */
export function NavigationPanel() {
  return (
    <PanelFrame
      title="Run · Newest Show HN posts"
      description="Illustration: a run in progress, listing each step the agent took with a screenshot, and the numbered list of page elements it reads."
    >
      <ol className="space-y-2">
        {STEPS.map((step, i) => (
          <li key={step.action} className="flex items-center gap-3 rounded-lg border bg-background p-2">
            <span className="flex h-10 w-14 shrink-0 flex-col gap-1 rounded-md border bg-muted p-1.5">
              <span className="h-1.5 w-full rounded-sm bg-orange-300" />
              <span className="h-1 w-4/5 rounded-sm bg-border" />
              <span className="h-1 w-3/5 rounded-sm bg-border" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block text-xs text-muted-foreground">Step {i + 1}</span>
              <span className="block truncate font-mono text-xs sm:text-sm">{step.action}</span>
            </span>
            {step.done ? (
              <CircleCheck className="size-5 shrink-0 text-green-600" />
            ) : (
              <LoaderCircle className="size-5 shrink-0 animate-spin text-primary motion-reduce:animate-none" />
            )}
          </li>
        ))}
      </ol>
      <div className="mt-4 rounded-lg border border-dashed p-3">
        <p className="text-xs font-medium text-muted-foreground">Interactive elements on this page</p>
        <ul className="mt-2 flex flex-wrap gap-1.5">
          {ELEMENTS.map((element) => (
            <li key={element} className="rounded bg-accent px-2 py-0.5 font-mono text-xs text-accent-foreground">
              {element}
            </li>
          ))}
        </ul>
      </div>
    </PanelFrame>
  );
}
