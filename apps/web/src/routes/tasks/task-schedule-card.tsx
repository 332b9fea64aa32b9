import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarClock, Pause, Pencil, Play, Trash2 } from "lucide-react";
import { describeRepeat, type Schedule, type ScheduleInput } from "@errand/contract";
import { deleteSchedule, pauseSchedule, resumeSchedule, scheduleKeys, scheduleQueryOptions, setSchedule } from "../../api/schedules";
import { tasksKeys } from "../../api/tasks";
import { Badge } from "../../components/ui/badge";
import { ActionButton } from "../../components/ui/action-button";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { ConfirmDeleteDialog } from "../../components/ui/confirm-delete-dialog";
import { LoadError } from "../../components/ui/load-error";
import { LoadingBars } from "../../components/ui/skeleton";
import { useSubmit, type Submit } from "../../components/ui/use-submit";
import { useSwapFocus } from "../../components/ui/use-swap-focus";
import { formatScheduleTime } from "../../lib/format/display-format";
import { notify } from "../../components/ui/notify";
import { RoleNote } from "../../workspaces/role-note";
import { useCan } from "../../workspaces/use-workspace-allows";
import { TaskScheduleForm } from "./task-schedule-form";

/** The task's schedule in the cache, and Task History's next runs refreshed. */
function useScheduleSaved(taskId: string) {
  const queryClient = useQueryClient();
  return (next: Schedule | null) => {
    queryClient.setQueryData(scheduleKeys.schedule(taskId), next);
    // Task History shows each task's next run.
    void queryClient.invalidateQueries({ queryKey: [...tasksKeys.all, "list"] });
  };
}

/**
 * The task page's Schedule section: the task's schedule in a sentence with its next 3 runs, and
 * pause, resume, edit and remove; or a button to schedule the task. Opening the form focuses its
 * first field, and leaving it (Save or Cancel) the button that opens it again.
 */
export function TaskScheduleCard({ taskId }: { taskId: string }) {
  const schedule = useQuery(scheduleQueryOptions(taskId));
  const saved = useScheduleSaved(taskId);
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState<Schedule | null>(null);
  const canChange = useCan("run");
  const focus = useSwapFocus<HTMLDivElement>();
  const edit = (next: boolean) => {
    focus.moveTo(next ? "form" : "edit");
    setEditing(next);
  };

  async function save(input: ScheduleInput) {
    saved(await setSchedule(taskId, input));
    edit(false);
    notify.success("Success", schedule.data ? "Schedule saved." : "The task is scheduled.");
  }

  let body;
  if (schedule.isPending) body = <LoadingBars label="Loading schedule" bars={["h-5 w-full", "h-16 w-full"]} />;
  else if (schedule.isError) body = <LoadError message="The schedule could not be loaded." query={schedule} />;
  else if (editing) body = <TaskScheduleForm schedule={schedule.data} onSave={save} onCancel={() => edit(false)} />;
  else if (!schedule.data)
    body = (
      <div className="grid justify-items-start gap-3">
        <p className="text-sm text-muted-foreground">Run this task by itself every hour, day or week, or on a cron expression.</p>
        {canChange ? (
          <Button variant="outline" onClick={() => edit(true)} data-swap-focus="edit">
            <CalendarClock aria-hidden="true" />
            Schedule this task
          </Button>
        ) : (
          <RoleNote operation="run" what="schedule tasks" />
        )}
      </div>
    );
  else
    body = (
      <ScheduleSummary taskId={taskId} schedule={schedule.data} onEdit={() => edit(true)} onRemove={setRemoving} canChange={canChange} />
    );

  return (
    <Card ref={focus.ref} role="region" aria-labelledby="schedule-heading">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle id="schedule-heading" className="text-lg">
          Schedule
        </CardTitle>
        {schedule.data?.paused && !editing ? <Badge tone="pending">Paused</Badge> : null}
      </CardHeader>
      <CardContent>{body}</CardContent>
      <ConfirmDeleteDialog
        item={removing}
        title="Remove schedule?"
        confirmLabel="Remove"
        describe={() => "The task will no longer run by itself. The task and its runs stay."}
        remove={() => deleteSchedule(taskId)}
        onDeleted={() => {
          saved(null);
          notify.success("Success", "Schedule removed.");
        }}
        onFailed={() => notify.error("Error", "Failed to remove the schedule. Please try again.")}
        onClose={() => setRemoving(null)}
      />
    </Card>
  );
}

interface ScheduleSummaryProps {
  taskId: string;
  schedule: Schedule;
  onEdit: () => void;
  onRemove: (schedule: Schedule) => void;
  /** false: the role may not change schedules; who can is said instead of the buttons. */
  canChange: boolean;
}

/** "Runs every day at 09:00 (Europe/Madrid).", the next runs, and Pause or Resume, Edit, Remove. */
function ScheduleSummary({ taskId, schedule: s, onEdit, onRemove, canChange }: ScheduleSummaryProps) {
  const saved = useScheduleSaved(taskId);
  const toggle = useSubmit({
    action: (action: "pause" | "resume") => (action === "pause" ? pauseSchedule(taskId) : resumeSchedule(taskId)),
    onSuccess: (next, action) => {
      saved(next);
      notify.success("Success", action === "pause" ? "Schedule paused." : "Schedule resumed.");
    },
    failure: (_, action) => ({ message: `Failed to ${action} the schedule. Please try again.` }),
  });

  return (
    <div className="grid gap-3">
      <p className="text-sm break-words">
        Runs {describeRepeat(s.repeat)} ({s.time_zone.replaceAll("_", " ")}).
      </p>
      {s.paused ? <p className="text-sm text-muted-foreground">No run is made while the schedule is paused.</p> : <NextRuns schedule={s} />}
      {s.last_error ? <p className="rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-900">{s.last_error}</p> : null}
      <p className="text-xs text-muted-foreground">Scheduled runs replay the task&rsquo;s recording when it has one.</p>
      {canChange ? (
        <ScheduleButtons schedule={s} toggle={toggle} onEdit={onEdit} onRemove={onRemove} />
      ) : (
        <RoleNote operation="run" what="change schedules" />
      )}
    </div>
  );
}

interface ScheduleButtonsProps {
  schedule: Schedule;
  toggle: Submit<"pause" | "resume">;
  onEdit: () => void;
  onRemove: (schedule: Schedule) => void;
}

function ScheduleButtons({ schedule: s, toggle, onEdit, onRemove }: ScheduleButtonsProps) {
  return (
    <div className="flex flex-wrap gap-2">
      {s.paused ? (
        <ActionButton size="sm" variant="outline" actions={toggle} action="resume" icon={<Play aria-hidden="true" />}>
          Resume
        </ActionButton>
      ) : (
        <ActionButton size="sm" variant="outline" actions={toggle} action="pause" icon={<Pause aria-hidden="true" />}>
          Pause
        </ActionButton>
      )}
      <Button size="sm" variant="outline" onClick={onEdit} disabled={toggle.busy} data-swap-focus="edit">
        <Pencil aria-hidden="true" />
        Edit
      </Button>
      <Button size="sm" variant="outline" onClick={() => onRemove(s)} disabled={toggle.busy}>
        <Trash2 aria-hidden="true" />
        Remove
      </Button>
    </div>
  );
}

function NextRuns({ schedule }: { schedule: Schedule }) {
  return (
    <div className="grid gap-1">
      <h3 className="text-sm font-medium">Next runs:</h3>
      <ol className="grid gap-0.5 text-sm text-muted-foreground" aria-label="Next runs">
        {schedule.next_runs.map((iso) => (
          <li key={iso}>
            <time dateTime={iso}>{formatScheduleTime(iso, schedule.time_zone)}</time>
          </li>
        ))}
      </ol>
    </div>
  );
}
