import { useId, type KeyboardEvent, type ReactNode } from "react";
import { Play, Save } from "lucide-react";
import { isBlank } from "../../lib/tasks/task-form";
import { isPromptSubmitKey } from "../../lib/tasks/prompt-keys";
import { BusyButton } from "../ui/busy-button";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";
import { Form } from "../ui/form";
import { FormField } from "../ui/form-field";
import { Textarea } from "../ui/textarea";
import { RoleNote } from "../../workspaces/role-note";
import { AdvancedParameters } from "./advanced-parameters";
import { AuthContextRequiredDialog } from "./auth-context-required-dialog";
import { useTaskForm, type TaskFormAction, type TaskFormOptions, type TaskFormState } from "./use-task-form";

export type { TaskFormAction } from "./use-task-form";

interface TaskFormProps extends Omit<TaskFormOptions, "requiresAuthContext"> {
  requiresAuthContext?: boolean;
  /** Shown next to the title (e.g. a note about the loaded draft). */
  headerAside?: ReactNode;
  /** The role may only read: the task's settings are shown, with who can change them instead of the buttons. */
  readOnly?: boolean;
}

/** The task form of spec section 2: "Create New Task" (Execute) or "Task Details" (Save Task, Save & Run). */
export function TaskForm({ mode, initialValues, requiresAuthContext = false, onSubmit, headerAside, readOnly = false }: TaskFormProps) {
  const id = useId();
  const form = useTaskForm({ mode, initialValues, requiresAuthContext, onSubmit });
  const primary: TaskFormAction = mode === "create" ? "execute" : "save-run";
  const title = mode === "create" ? "Create New Task" : "Task Details";
  const submitter = (nativeEvent: Event) =>
    ((nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value as TaskFormAction | undefined;

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 pb-4">
        <CardTitle className={mode === "edit" ? "text-lg" : undefined}>{title}</CardTitle>
        {headerAside}
      </CardHeader>
      <CardContent>
        {/* A container: in the task page's side column the fields stack as on a phone. */}
        <Form
          submit={form.submission}
          onSubmit={(_, event) => form.submit(submitter(event.nativeEvent) || primary)}
          className="@container grid gap-5"
          aria-label={title}
        >
          <PromptField id={id} mode={mode} form={form} readOnly={readOnly} onEnter={() => form.submit(primary)} />
          <AdvancedParameters id={id} form={form} readOnly={readOnly} />
          {readOnly ? (
            <RoleNote id={`${id}-prompt-keys`} operation="run" what="change and run tasks" />
          ) : (
            <TaskFormButtons id={id} mode={mode} form={form} />
          )}
        </Form>
      </CardContent>
      <AuthContextRequiredDialog open={form.confirming !== null} onCancel={form.cancelConfirm} onContinue={form.confirm} />
    </Card>
  );
}

interface PartProps {
  /** The form's own id, which its controls' ids start with. */
  id: string;
  mode: "create" | "edit";
  form: TaskFormState;
}

/** Enter runs, Shift+Enter starts a new line, as on the home page's prompt. */
function PromptField({ id, form, readOnly, onEnter }: PartProps & { readOnly: boolean; onEnter: () => void }) {
  function handleKeys(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (readOnly) return;
    const { key, shiftKey, altKey, keyCode, nativeEvent } = event;
    if (!isPromptSubmitKey({ key, shiftKey, altKey, keyCode, isComposing: nativeEvent.isComposing })) return;
    event.preventDefault();
    if (!isBlank(form.values.prompt)) onEnter();
  }
  return (
    <FormField id={`${id}-prompt`} label="Prompt" error={form.errors.prompt} describedBy={`${id}-prompt-keys`}>
      <Textarea
        name="prompt"
        rows={4}
        value={form.values.prompt}
        onChange={(event) => form.set("prompt", event.target.value)}
        onKeyDown={handleKeys}
        readOnly={readOnly}
        enterKeyHint="go"
        placeholder="e.g. Go to news.ycombinator.com and return the titles of the top 5 stories"
        className="min-h-28 resize-y"
        required
      />
    </FormField>
  );
}

/** The keyboard hint, then Execute (create) or Save Task and Save & Run (edit); none while the prompt is blank. */
function TaskFormButtons({ id, mode, form }: PartProps) {
  const blocked = isBlank(form.values.prompt) || form.busy !== null;
  return (
    <div className="flex flex-col-reverse gap-2 @md:flex-row @md:items-center @md:justify-end">
      <p id={`${id}-prompt-keys`} className="text-xs text-muted-foreground @md:mr-auto">
        {`Enter to ${mode === "create" ? "run" : "save and run"} · Shift + Enter for a new line`}
      </p>
      {mode === "create" ? (
        <BusyButton
          type="submit"
          value="execute"
          disabled={blocked}
          busy={form.busy === "execute"}
          busyLabel="Executing..."
          icon={<Play aria-hidden="true" />}
          className="sm:min-w-32"
        >
          Execute
        </BusyButton>
      ) : (
        <>
          <BusyButton
            type="submit"
            value="save"
            variant="outline"
            disabled={blocked}
            busy={form.busy === "save"}
            icon={<Save aria-hidden="true" />}
          >
            Save Task
          </BusyButton>
          <BusyButton type="submit" value="save-run" disabled={blocked} busy={form.busy === "save-run"} icon={<Play aria-hidden="true" />}>
            Save &amp; Run
          </BusyButton>
        </>
      )}
    </div>
  );
}
