import { useState } from "react";
import { Link } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Clapperboard } from "lucide-react";
import type { Automation, AutomationDemoRun } from "@errand/contract";
import { automationDemoRunsQueryOptions, recordAutomationDemo, setAutomationDemo } from "../../../api/automation-demos";
import { automationQueryOptions } from "../../../api/automations";
import { ViewDemoLink } from "../../../components/demo/view-demo-link";
import { StatusBadge } from "../../../components/runs/status-badge";
import { BusyButton } from "../../../components/ui/busy-button";
import { Card, CardContent } from "../../../components/ui/card";
import { Label } from "../../../components/ui/label";
import { LoadError } from "../../../components/ui/load-error";
import { Spinner } from "../../../components/ui/spinner";
import { Textarea } from "../../../components/ui/textarea";
import { useSubmit, type Submit } from "../../../components/ui/use-submit";
import { notify } from "../../../components/ui/notify";
import { formatDateTime } from "../../../lib/format/display-format";
import { RoleNote } from "../../../workspaces/role-note";
import { useCan } from "../../../workspaces/use-workspace-allows";

type DemoChange = { kind: "record"; prompt: string | undefined } | { kind: "choose"; run: AutomationDemoRun } | { kind: "remove" };

const DONE: Record<DemoChange["kind"], [string, string]> = {
  record: ["Recording started", "The run is listed below; choose it as the demo once it has succeeded."],
  choose: ["Demo updated", "Visitors now see this run replayed."],
  remove: ["Demo removed", "Visitors no longer see a replay."],
};

/** Record, choose or remove the demo; then the runs and the automation are read again. */
function useDemoChange(slug: string) {
  const queryClient = useQueryClient();
  return useSubmit({
    action: (change: DemoChange): Promise<unknown> =>
      change.kind === "record"
        ? recordAutomationDemo(slug, change.prompt)
        : setAutomationDemo(slug, change.kind === "choose" ? change.run.id : null),
    onSuccess: async (_, change) => {
      notify.success(...DONE[change.kind]);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: automationDemoRunsQueryOptions(slug).queryKey }),
        queryClient.invalidateQueries({ queryKey: automationQueryOptions(slug).queryKey }),
      ]);
    },
    failure: (_, change) => ({
      message: change.kind === "record" ? "Failed to record the demo. Please try again." : "Failed to update the demo. Please try again.",
      apiMessage: true,
    }),
  });
}

/**
 * Admins only: record the automation's demo with the model, and choose which of their latest
 * runs (recorded here, or run from "Try This Automation") visitors see replayed. Choosing is a person's
 * call on purpose: a demo is public, so someone looks at the run before the world does.
 */
export function DemoAdminCard({ automation }: { automation: Automation }) {
  const change = useDemoChange(automation.slug);
  // Recording and choosing run as the admin in the current workspace: a role there that may only read cannot.
  const canRun = useCan("run");
  return (
    <Card>
      <CardContent className="grid gap-4 p-5 sm:p-6">
        <section aria-labelledby="demo-admin-heading" className="grid gap-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="demo-admin-heading" className="flex items-center gap-2 text-lg font-semibold">
              <Clapperboard className="size-5 text-primary" aria-hidden="true" />
              Demo settings
            </h2>
            <span className="rounded-full border px-2 py-0.5 text-xs text-muted-foreground">Admins only</span>
          </div>
          {canRun ? null : <RoleNote operation="run" what="record and choose demos" />}
          {!canRun ? null : automation.run_id ? (
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <p className="mr-auto text-muted-foreground">Visitors see the demo run replayed above.</p>
              <ViewDemoLink runId={automation.run_id} />
              <BusyButton
                variant="outline"
                size="sm"
                onClick={() => change.run({ kind: "remove" })}
                disabled={change.busy}
                busy={change.pending?.kind === "remove"}
              >
                Remove Demo
              </BusyButton>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">No demo yet: visitors see a drawn preview instead of a replay.</p>
          )}
          {!canRun ? null : automation.need_auth ? (
            <p className="rounded-lg bg-muted/50 p-3 text-sm text-muted-foreground">
              This automation needs a saved login: run it with Try This Automation and an auth context, then choose that run below.
            </p>
          ) : (
            <RecordDemo automation={automation} change={change} />
          )}
          {canRun ? <LatestRuns slug={automation.slug} change={change} /> : null}
        </section>
      </CardContent>
    </Card>
  );
}

/** The prompt for the demo, its [placeholders] filled in, and Record Demo. */
function RecordDemo({ automation, change }: { automation: Automation; change: Submit<DemoChange> }) {
  const [prompt, setPrompt] = useState(automation.prompt);
  // The catalogue's prompt as it is needs no override.
  const record = () => change.run({ kind: "record", prompt: prompt.trim() === automation.prompt.trim() ? undefined : prompt });
  return (
    <div className="grid gap-2 rounded-lg bg-muted/50 p-3 text-sm">
      <Label htmlFor="demo-prompt">Prompt for the demo</Label>
      <p id="demo-prompt-hint" className="text-muted-foreground">
        Fill in the [placeholders]. Record Demo runs it now with your account, paid like any run; when it has succeeded, choose it below.
      </p>
      <Textarea
        id="demo-prompt"
        aria-describedby="demo-prompt-hint"
        value={prompt}
        onChange={(event) => setPrompt(event.target.value)}
        className="max-h-64 min-h-32 bg-background wrap-anywhere"
      />
      <BusyButton
        className="justify-self-start"
        size="sm"
        onClick={record}
        disabled={change.busy || !prompt.trim()}
        busy={change.pending?.kind === "record"}
      >
        Record Demo
      </BusyButton>
    </div>
  );
}

/** The admin's latest runs, each a candidate demo once it has succeeded. */
function LatestRuns({ slug, change }: { slug: string; change: Submit<DemoChange> }) {
  const runs = useQuery(automationDemoRunsQueryOptions(slug));
  const pending = change.pending;
  let body;
  if (runs.isPending)
    body = (
      <p className="mt-2 flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> Loading your runs…
      </p>
    );
  else if (runs.isError) body = <LoadError message="Your runs could not be loaded." query={runs} />;
  else if (runs.data.runs.length === 0) body = <p className="mt-2 text-sm text-muted-foreground">You have no runs yet.</p>;
  else
    body = (
      <ul className="mt-2 grid gap-2" aria-label="Your latest runs">
        {runs.data.runs.map((run) => (
          <li key={run.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border p-2 text-sm">
            <StatusBadge status={run.status} />
            <Link
              to={`/tasks/${run.task_id}/task-runs/${run.id}`}
              className="grid min-w-0 flex-1 basis-40 underline-offset-4 hover:underline"
            >
              <span className="block truncate">{run.prompt}</span>
              <time dateTime={run.created_at} className="text-xs text-muted-foreground">
                {formatDateTime(run.created_at)}
              </time>
            </Link>
            {run.is_demo ? (
              <span className="text-xs font-medium text-primary">Current demo</span>
            ) : run.status === "success" ? (
              <BusyButton
                variant="outline"
                size="sm"
                onClick={() => change.run({ kind: "choose", run })}
                disabled={change.busy}
                busy={pending?.kind === "choose" && pending.run.id === run.id}
              >
                Use as Demo
              </BusyButton>
            ) : null}
          </li>
        ))}
      </ul>
    );
  return (
    <div>
      <h3 className="text-sm font-medium">Your latest runs</h3>
      {body}
    </div>
  );
}
