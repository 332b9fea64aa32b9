import { useId, useState, type FormEvent, type KeyboardEvent, type ReactNode } from "react";
import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import * as Collapsible from "@radix-ui/react-collapsible";
import { ChevronDown, Play, Plus, Save } from "lucide-react";
import { SESSION_TIMEOUT } from "@errand/contract";
import { authContextsQueryOptions } from "../../api/workspace";
import {
  hasAdvancedValues,
  isBlank,
  jsonSchemaWarning,
  validateTaskForm,
  type TaskFormErrors,
  type TaskFormValues,
} from "../../lib/tasks/task-form";
import { isPromptSubmitKey } from "../../lib/tasks/prompt-keys";
import { cn } from "../ui/cn";
import { Button } from "../ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../ui/card";
import { Input } from "../ui/input";
import { Label } from "../ui/label";
import { NativeSelect } from "../ui/select";
import { Spinner } from "../ui/spinner";
import { Textarea } from "../ui/textarea";
import { AuthContextRequiredDialog } from "./auth-context-required-dialog";
import { ProxyChoiceFields } from "../proxy/proxy-choice-fields";
import { TaskCredentialsField } from "./task-credentials-field";

export type TaskFormAction = "execute" | "save" | "save-run";

interface TaskFormProps {
  mode: "create" | "edit";
  initialValues: TaskFormValues;
  /** The task needs a saved login: running without one asks first ("Authentication Context Required"). */
  requiresAuthContext?: boolean;
  /** Does the work; returns the server's field errors, if any, to show inline. */
  onSubmit: (action: TaskFormAction, values: TaskFormValues) => Promise<TaskFormErrors | void>;
  /** Shown next to the title (e.g. a note about the loaded draft). */
  headerAside?: ReactNode;
}

/** The task form of spec section 2: "Create New Task" (Execute) or "Task Details" (Save Task, Save & Run). */
export function TaskForm({ mode, initialValues, requiresAuthContext = false, onSubmit, headerAside }: TaskFormProps) {
  const id = useId();
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<TaskFormErrors>({});
  const [busy, setBusy] = useState<TaskFormAction | null>(null);
  // Create mode opens the section when a draft set advanced values; on the task page it starts
  // closed so the run stays in view.
  const [advancedOpen, setAdvancedOpen] = useState(() => mode === "create" && hasAdvancedValues(initialValues));
  const [confirming, setConfirming] = useState<TaskFormAction | null>(null);
  const contexts = useQuery(authContextsQueryOptions);

  // An id that is not one of the person's contexts (e.g. from someone else's demo) counts as None.
  const authContextId =
    contexts.isSuccess && !contexts.data.some((context) => context.id === values.authContextId) ? "" : values.authContextId;
  const effective: TaskFormValues = { ...values, authContextId };

  const set = <K extends keyof TaskFormValues>(key: K, value: TaskFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
  };
  const fieldId = (name: string) => `${id}-${name}`;
  const promptBlank = isBlank(values.prompt);
  const disabled = busy !== null;

  async function run(action: TaskFormAction) {
    setBusy(action);
    try {
      const serverErrors = await onSubmit(action, effective);
      if (serverErrors && Object.keys(serverErrors).length > 0) {
        setErrors(serverErrors);
        if (Object.keys(serverErrors).some((key) => key !== "prompt")) setAdvancedOpen(true);
      }
    } finally {
      setBusy(null);
    }
  }

  function submit(action: TaskFormAction) {
    if (busy) return;
    const found = validateTaskForm(effective);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      if (Object.keys(found).some((key) => key !== "prompt")) setAdvancedOpen(true);
      return;
    }
    if (action !== "save" && requiresAuthContext && !authContextId) {
      setConfirming(action);
      return;
    }
    void run(action);
  }

  const primary: TaskFormAction = mode === "create" ? "execute" : "save-run";
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    submit((submitter?.value as TaskFormAction | undefined) || primary);
  }
  // Enter runs, Shift+Enter starts a new line, as on the home page's prompt.
  function handlePromptKeys(event: KeyboardEvent<HTMLTextAreaElement>) {
    const { key, shiftKey, altKey, keyCode, nativeEvent } = event;
    if (!isPromptSubmitKey({ key, shiftKey, altKey, keyCode, isComposing: nativeEvent.isComposing })) return;
    event.preventDefault();
    if (!promptBlank) submit(primary);
  }
  const keysHintId = fieldId("prompt-keys");
  const keysHint = `Enter to ${mode === "create" ? "run" : "save and run"} · Shift + Enter for a new line`;

  const schemaWarning = jsonSchemaWarning(values);
  const title = mode === "create" ? "Create New Task" : "Task Details";

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 pb-4">
        <CardTitle className={mode === "edit" ? "text-lg" : undefined}>{title}</CardTitle>
        {headerAside}
      </CardHeader>
      <CardContent>
        {/* A container: in the task page's side column the fields stack as on a phone. */}
        <form noValidate onSubmit={handleSubmit} className="@container grid gap-5" aria-label={title}>
          <Field id={fieldId("prompt")} label="Prompt" error={errors.prompt}>
            <Textarea
              id={fieldId("prompt")}
              name="prompt"
              rows={4}
              value={values.prompt}
              onChange={(event) => set("prompt", event.target.value)}
              onKeyDown={handlePromptKeys}
              enterKeyHint="go"
              placeholder="e.g. Go to news.ycombinator.com and return the titles of the top 5 stories"
              className="min-h-28 resize-y"
              required
              aria-invalid={errors.prompt ? true : undefined}
              aria-describedby={errors.prompt ? `${fieldId("prompt")}-error ${keysHintId}` : keysHintId}
            />
          </Field>

          <Collapsible.Root open={advancedOpen} onOpenChange={setAdvancedOpen} className="rounded-lg border">
            <Collapsible.Trigger asChild>
              <button
                type="button"
                className="flex w-full items-center justify-between gap-2 rounded-lg px-4 py-3 text-left text-sm font-medium hover:bg-muted"
              >
                Advanced Parameters
                <ChevronDown
                  aria-hidden="true"
                  className={cn("size-4 text-muted-foreground transition-transform", advancedOpen && "rotate-180")}
                />
              </button>
            </Collapsible.Trigger>
            <Collapsible.Content className="grid gap-5 border-t px-4 pt-4 pb-5 @lg:grid-cols-2">
              <fieldset className="grid gap-2 @lg:col-span-2">
                <legend className="mb-2 text-sm font-medium">Response Format</legend>
                <div className="inline-flex w-fit rounded-md border bg-muted p-1">
                  {(["text", "json"] as const).map((format) => (
                    <label
                      key={format}
                      className={cn(
                        "cursor-pointer rounded px-4 py-1.5 text-sm font-medium text-muted-foreground transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
                        values.responseFormat === format && "bg-background text-foreground shadow-sm",
                      )}
                    >
                      <input
                        type="radio"
                        name={fieldId("response-format")}
                        value={format}
                        checked={values.responseFormat === format}
                        onChange={() => set("responseFormat", format)}
                        className="sr-only"
                      />
                      {format === "text" ? "Text" : "JSON"}
                    </label>
                  ))}
                </div>
              </fieldset>

              {values.responseFormat === "json" ? (
                <Field
                  id={fieldId("json-schema")}
                  label="JSON Schema"
                  error={errors.json_schema}
                  hint={schemaWarning ?? "Optional. The result will match this schema."}
                  warn={Boolean(schemaWarning)}
                  className="@lg:col-span-2"
                >
                  <Textarea
                    id={fieldId("json-schema")}
                    value={values.jsonSchema}
                    onChange={(event) => set("jsonSchema", event.target.value)}
                    rows={6}
                    spellCheck={false}
                    placeholder='e.g. {"type": "object", "properties": {"items": {"type": "array"}}}'
                    className="font-mono text-xs sm:text-xs"
                    {...describe(fieldId("json-schema"), errors.json_schema, true)}
                  />
                </Field>
              ) : null}

              <Field
                id={fieldId("auth-context")}
                label="Auth Context"
                error={errors.auth_context_id}
                hint={contexts.isError ? "Your auth contexts could not be loaded." : "A saved login the agent starts with."}
              >
                <div className="flex gap-2">
                  <NativeSelect
                    id={fieldId("auth-context")}
                    value={authContextId}
                    onChange={(event) => set("authContextId", event.target.value)}
                    {...describe(fieldId("auth-context"), errors.auth_context_id, true)}
                  >
                    <option value="">None</option>
                    {contexts.data?.map((context) => (
                      <option key={context.id} value={context.id}>
                        {context.name}
                      </option>
                    ))}
                  </NativeSelect>
                  <Button asChild variant="outline" size="icon" className="shrink-0">
                    <Link to="/auth-contexts/new" aria-label="Create a new auth context" title="Create a new auth context">
                      <Plus aria-hidden="true" />
                    </Link>
                  </Button>
                </div>
              </Field>

              <ProxyChoiceFields
                id={fieldId("proxy")}
                pool={values.proxyPool}
                country={values.proxyCountry}
                onPool={(pool) => setValues((current) => ({ ...current, proxyPool: pool, proxyCountry: pool ? current.proxyCountry : "" }))}
                onCountry={(country) => set("proxyCountry", country)}
                error={errors.proxy}
                note={authContextId ? "With an auth context, the run goes out through the proxy that login was made with; this choice is not used." : undefined}
              />

              {mode === "edit" ? (
                <TaskCredentialsField
                  id={fieldId("credentials")}
                  value={values.credentialNames}
                  onChange={(names) => set("credentialNames", names)}
                  error={errors.credential_names}
                />
              ) : null}

              <Field
                id={fieldId("session-timeout")}
                label="Session Timeout"
                error={errors.session_timeout}
                hint={`Seconds, ${SESSION_TIMEOUT.min} to ${SESSION_TIMEOUT.max}.`}
              >
                <Input
                  id={fieldId("session-timeout")}
                  type="number"
                  inputMode="numeric"
                  min={SESSION_TIMEOUT.min}
                  max={SESSION_TIMEOUT.max}
                  step={1}
                  value={values.sessionTimeout}
                  onChange={(event) => set("sessionTimeout", event.target.value)}
                  {...describe(fieldId("session-timeout"), errors.session_timeout, true)}
                />
              </Field>

              <Field id={fieldId("initial-url")} label="Initial URL" error={errors.initial_url} hint="Optional. The page the agent opens first.">
                <Input
                  id={fieldId("initial-url")}
                  type="url"
                  inputMode="url"
                  placeholder="https://example.com"
                  value={values.initialUrl}
                  onChange={(event) => set("initialUrl", event.target.value)}
                  {...describe(fieldId("initial-url"), errors.initial_url, true)}
                />
              </Field>

              <Field id={fieldId("webhook-url")} label="Webhook URL" error={errors.webhook_url} hint="Optional. Called with the result when the run ends.">
                <Input
                  id={fieldId("webhook-url")}
                  type="url"
                  inputMode="url"
                  placeholder="https://example.com/webhook"
                  value={values.webhookUrl}
                  onChange={(event) => set("webhookUrl", event.target.value)}
                  {...describe(fieldId("webhook-url"), errors.webhook_url, true)}
                />
              </Field>
            </Collapsible.Content>
          </Collapsible.Root>

          <div className="flex flex-col-reverse gap-2 @md:flex-row @md:items-center @md:justify-end">
            <p id={keysHintId} className="text-xs text-muted-foreground @md:mr-auto">
              {keysHint}
            </p>
            {mode === "create" ? (
              <Button type="submit" value="execute" disabled={promptBlank || disabled} aria-busy={busy === "execute"} className="sm:min-w-32">
                {busy === "execute" ? <Spinner /> : <Play aria-hidden="true" />}
                {busy === "execute" ? "Executing..." : "Execute"}
              </Button>
            ) : (
              <>
                <Button type="submit" value="save" variant="outline" disabled={promptBlank || disabled} aria-busy={busy === "save"}>
                  {busy === "save" ? <Spinner /> : <Save aria-hidden="true" />}
                  Save Task
                </Button>
                <Button type="submit" value="save-run" disabled={promptBlank || disabled} aria-busy={busy === "save-run"}>
                  {busy === "save-run" ? <Spinner /> : <Play aria-hidden="true" />}
                  Save &amp; Run
                </Button>
              </>
            )}
          </div>
        </form>
      </CardContent>
      <AuthContextRequiredDialog
        open={confirming !== null}
        onCancel={() => setConfirming(null)}
        onContinue={() => {
          const action = confirming;
          setConfirming(null);
          if (action) void run(action);
        }}
      />
    </Card>
  );
}

/** aria-invalid and the error/hint link of a control. */
function describe(id: string, error: string | undefined, hasHint = false) {
  const describedBy = error ? `${id}-error` : hasHint ? `${id}-hint` : undefined;
  return { "aria-invalid": error ? true : undefined, "aria-describedby": describedBy };
}

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  warn?: boolean;
  className?: string;
  children: ReactNode;
}

function Field({ id, label, error, hint, warn, className, children }: FieldProps) {
  return (
    <div className={cn("grid content-start gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className={cn("text-xs", warn ? "text-amber-700" : "text-muted-foreground")}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
