import { Checkbox } from "../ui/checkbox";
import { Label } from "../ui/label";
import type { TaskFormState } from "./use-task-form";

/** "Keep a session recording": unticked, runs keep none (docs/adr/0047-session-recordings.md). */
export function RecordingField({ id, form }: { id: string; form: TaskFormState }) {
  return (
    <div className="grid gap-1 @lg:col-span-2">
      <div className="flex items-center gap-2">
        <Checkbox
          id={`${id}-recording`}
          checked={form.values.recording}
          onCheckedChange={(checked) => form.set("recording", checked === true)}
        />
        <Label htmlFor={`${id}-recording`} className="font-normal">
          Keep a session recording
        </Label>
      </div>
      <p className="text-sm text-muted-foreground">
        The run page plays what the browser showed, step by step. Password fields and saved secrets are masked.
      </p>
    </div>
  );
}
