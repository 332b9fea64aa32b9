import { useEffect, useId, useRef, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Recording, RecordingList, Run } from "@errand/contract";
import { getRecordingPlaywrightScript, recordingKeys, recordingsQueryOptions } from "../../api/recordings";
import { taskRunsQueryOptions, tasksKeys, updateTask } from "../../api/tasks";
import { BusyButton } from "../../components/ui/busy-button";
import { FoldToggle } from "../../components/ui/fold-toggle";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Checkbox } from "../../components/ui/checkbox";
import { Label } from "../../components/ui/label";
import { LoadError } from "../../components/ui/load-error";
import { useFileDownload } from "../../components/ui/use-file-download";
import { LoadingBars } from "../../components/ui/skeleton";
import { useSubmit } from "../../components/ui/use-submit";
import { formatDateTime } from "../../lib/format/display-format";
import { onlyRolesCan } from "../../workspaces/role-refusal";
import { useCan } from "../../workspaces/use-workspace-allows";

/** Steps listed before "Show all N steps". */
const FIRST_STEPS = 6;

/** The ids of the task's ended runs: when one more ends, it may have left a recording. */
const endedRunIds = (runs: Run[]) =>
  runs
    .filter((run) => run.status !== "pending")
    .map((run) => run.id)
    .join(",");

/** Reads the recordings again when one more of the task's runs ends (it may have left a recording). */
function useRecordingsFollowRuns(taskId: string) {
  const queryClient = useQueryClient();
  // The page's runs list follows the shown run.
  const ended = useQuery({ ...taskRunsQueryOptions(taskId), select: endedRunIds }).data;
  const seen = useRef(ended);
  useEffect(() => {
    if (ended === undefined) return;
    if (seen.current !== undefined && seen.current !== ended) void queryClient.invalidateQueries({ queryKey: recordingKeys.list(taskId) });
    seen.current = ended;
  }, [ended, queryClient, taskId]);
}

/** "Always use the agent", shown ticked at once and put back if the save fails. */
function useAlwaysUseAgent(taskId: string) {
  const queryClient = useQueryClient();
  const key = recordingKeys.list(taskId);
  return useSubmit({
    action: async (next: boolean) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<RecordingList>(key);
      queryClient.setQueryData<RecordingList>(key, (data) => (data ? { ...data, always_use_agent: next } : data));
      try {
        return await updateTask(taskId, { always_use_agent: next });
      } catch (error) {
        queryClient.setQueryData(key, before);
        throw error;
      }
    },
    onSuccess: (task) => queryClient.setQueryData(tasksKeys.task(taskId), task),
    failure: { message: "Failed to save the setting. Please try again." },
  });
}

/**
 * The task page's Replay section (ADR 0009): the task's newest recording (what re-running it
 * replays without the model), the words of the prompt that may change, and "Always use the agent".
 */
export function TaskReplayCard({ taskId }: { taskId: string }) {
  const recordings = useQuery(recordingsQueryOptions(taskId));
  useRecordingsFollowRuns(taskId);
  const alwaysUseAgent = useAlwaysUseAgent(taskId);

  let body;
  if (recordings.isPending) body = <LoadingBars label="Loading replay" bars={["h-5 w-2/3", "h-20 w-full", "h-5 w-1/2"]} />;
  else if (recordings.isError) body = <LoadError message="The recordings could not be loaded." query={recordings} />;
  else {
    const latest = recordings.data.recordings[0];
    body = (
      <div className="grid gap-4">
        {latest ? (
          <>
            <RecordingSummary key={latest.version} recording={latest} />
            <PlaywrightDownload taskId={taskId} version={latest.version} />
          </>
        ) : (
          <p className="text-sm text-muted-foreground">
            No recording yet: the next successful run records this task&rsquo;s steps so later runs can replay them without the model.
          </p>
        )}
        <AlwaysUseAgentBox checked={recordings.data.always_use_agent} saving={alwaysUseAgent.busy} onChange={alwaysUseAgent.run} />
      </div>
    );
  }

  return (
    <Card role="region" aria-labelledby="replay-heading">
      <CardHeader>
        <CardTitle id="replay-heading" className="text-lg">
          Replay
        </CardTitle>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

/** "Download as Playwright script": the recording as a script to run without Errand (ADR 0053). */
function PlaywrightDownload({ taskId, version }: { taskId: string; version: number }) {
  const download = useFileDownload({
    fetch: () => getRecordingPlaywrightScript(taskId, version),
    fallbackName: `errand-recording-${version}.ts`,
    what: "The script",
    type: "text/plain;charset=utf-8",
  });
  return (
    <div className="grid justify-items-start gap-0.5">
      <BusyButton variant="outline" size="sm" onClick={() => download.run()} busy={download.busy}>
        Download as Playwright script
      </BusyButton>
      <p className="text-xs text-muted-foreground">Runs the same steps with Node and Playwright, without Errand.</p>
    </div>
  );
}

/** The setting; shown but not changeable (with who can) for a role that may only read. */
function AlwaysUseAgentBox({ checked, saving, onChange }: { checked: boolean; saving: boolean; onChange: (next: boolean) => void }) {
  const id = useId();
  const canChange = useCan("run");
  return (
    <div className="flex items-start gap-2">
      <Checkbox
        id={id}
        className="mt-0.5"
        checked={checked}
        onCheckedChange={(next) => onChange(next === true)}
        disabled={saving || !canChange}
        aria-describedby={`${id}-hint`}
      />
      <div className="grid gap-0.5">
        <Label htmlFor={id} className="font-normal">
          Always use the agent
        </Label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          Runs of this task will not replay its recording.
          {canChange ? null : ` ${onlyRolesCan("run", "change it")}`}
        </p>
      </div>
    </div>
  );
}

/** The recording's steps as its replay makes them: each action, then the answer read from the last page (ADR 0059). */
function replaySteps(recording: Recording): { key: string; text: string; volatile: boolean }[] {
  return [
    ...recording.steps.map((step) => ({ key: String(step.number), text: step.intent || step.action, volatile: step.volatile })),
    { key: "answer", text: "Give the answer, read from the last page", volatile: false },
  ];
}

function RecordingSummary({ recording }: { recording: Recording }) {
  const [showAll, setShowAll] = useState(false);
  const steps = replaySteps(recording);
  const shown = showAll ? steps : steps.slice(0, FIRST_STEPS);
  const listId = useId();
  const facts = [
    `Recording v${recording.version}`,
    `${steps.length} ${steps.length === 1 ? "step" : "steps"}`,
    recording.kind === "repaired" ? "repaired" : null,
  ];

  return (
    <div className="grid gap-3">
      <div className="grid gap-0.5">
        <p className="text-sm font-medium">{facts.filter(Boolean).join(" · ")}</p>
        <p className="text-xs text-muted-foreground">
          <time dateTime={recording.created_at}>{formatDateTime(recording.created_at)}</time>
        </p>
      </div>
      <div className="grid justify-items-start gap-1">
        <ol id={listId} className="grid w-full list-decimal gap-1 pl-5 text-sm marker:text-muted-foreground" aria-label="Recording">
          {shown.map((step) => (
            <li key={step.key} className="break-words">
              {step.text}
              {step.volatile ? <span className="text-muted-foreground"> (always by the agent)</span> : null}
            </li>
          ))}
        </ol>
        {steps.length > FIRST_STEPS ? (
          <FoldToggle open={showAll} onToggle={() => setShowAll((all) => !all)} controls={listId}>
            {showAll ? "Show fewer steps" : `Show all ${steps.length} steps`}
          </FoldToggle>
        ) : null}
      </div>
      {recording.parameters.length ? (
        <div className="grid gap-1.5">
          <ul className="flex flex-wrap gap-1.5" aria-label="Parameters">
            {recording.parameters.map((parameter) => (
              <li
                key={parameter.name}
                className="max-w-full truncate rounded-md border bg-muted px-2 py-0.5 font-mono text-xs"
                title={parameter.name}
              >
                {parameter.value}
              </li>
            ))}
          </ul>
          <p className="text-xs text-muted-foreground">A new prompt that differs from this one only in these words still replays.</p>
        </div>
      ) : null}
    </div>
  );
}
