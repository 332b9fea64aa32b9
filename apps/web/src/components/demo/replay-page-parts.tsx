import type { ReactNode } from "react";
import { Link } from "react-router";
import { ArrowRight, type LucideIcon } from "lucide-react";
import type { DemoRun } from "@errand/contract";
import { PageTitle } from "../../lib/page/page-title";
import { draftFromRun } from "../../lib/tasks/task-draft";
import { useTryDraft, useTryRefusal } from "../../lib/tasks/use-try-draft";
import { Button } from "../ui/button";
import { Card, CardContent } from "../ui/card";
import { LoadingBars } from "../ui/skeleton";

/** The pages that replay a run (a demo, a shared run): its parts around the replay panel. */

const TRY_TEXTS = {
  demo: {
    heading: "Want to try this automation?",
    description: "Start from this task's settings and run it yourself in a real browser.",
    action: "Try This Automation",
  },
  shared: {
    heading: "Want to run a task like this?",
    description: "Start from this run's settings and run it yourself in a real browser.",
    action: "Try It Yourself",
  },
};

/** Under the replay: the run's settings become the task draft, and the dashboard (or the login) opens with them (spec section 6). */
export function TryRunCard({ run, kind }: { run: DemoRun["run"]; kind: keyof typeof TRY_TEXTS }) {
  const { heading, description, action } = TRY_TEXTS[kind];
  const tryDraft = useTryDraft();
  const refusal = useTryRefusal();
  return (
    <Card className="mt-6">
      <CardContent className="flex flex-col items-start justify-between gap-4 p-6 sm:flex-row sm:items-center">
        <div>
          <h2 className="text-lg font-semibold">{heading}</h2>
          <p className="mt-1 text-sm text-muted-foreground">{description}</p>
          {refusal ? (
            <p id="try-run-refusal" className="mt-1 text-sm text-muted-foreground">
              {refusal}
            </p>
          ) : null}
        </div>
        <Button
          onClick={() => tryDraft(draftFromRun(run))}
          disabled={refusal !== null}
          aria-describedby={refusal ? "try-run-refusal" : undefined}
          className="w-full sm:w-auto"
        >
          {action}
          <ArrowRight aria-hidden="true" />
        </Button>
      </CardContent>
    </Card>
  );
}

/** The replay's place while the run loads. */
export function ReplaySkeleton({ label, titleWidth }: { label: string; titleWidth: string }) {
  return <LoadingBars label={label} bars={[`h-8 ${titleWidth}`, "h-20 w-full", "h-72 w-full"]} className="gap-4" />;
}

/** "… Not Found", with a way on to the automations. */
export function ReplayNotFound({ title, icon: Icon, children }: { title: string; icon: LucideIcon; children: ReactNode }) {
  return (
    <div className="mx-auto grid w-full max-w-xl justify-items-center gap-4 px-4 py-20 text-center">
      <PageTitle title={title} />
      <Icon className="size-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {children}
      <Button asChild variant="outline">
        <Link to="/automations">Browse Automations</Link>
      </Button>
    </div>
  );
}
